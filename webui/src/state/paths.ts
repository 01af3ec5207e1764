// How the page shows a path: `~/…` under the home folder, `<project>/…` under the project (README,
// "A 5-minute hooks tour"), so the user and project files do not both read `…/.wave/settings.json`.
// The full path goes in the element's title.

export function displayPath(path: string, where: { homeDir: string; workdir: string } | null): string {
  if (!where) return path;
  const trim = (root: string) => root.replace(/[\\/]+$/, '');
  const under = (root: string) => root !== '' && (path === trim(root) || path.startsWith(`${trim(root)}/`));
  // The project first: it may be inside the home folder.
  if (under(where.workdir)) return `<project>${path.slice(trim(where.workdir).length)}`;
  if (under(where.homeDir)) return `~${path.slice(trim(where.homeDir).length)}`;
  return path;
}
