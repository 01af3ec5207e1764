// The plugin descriptor and what it points at (jetbrains-plugin/README.md, "Supported IDEs"): an id
// of its own, JCEF as an optional dependency with its own config file (2026.2 moved JCEF into the
// plugin com.intellij.modules.jcef), the logo and the New UI tool window icons with their mapper,
// every class an extension names compiled, and no JCEF name in any class but the bridge's. The shell
// is compiled against both stub layouts by jetbrains-plugin/packaging/kotlin.mjs (cached: `npm test`
// compiles it first).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script of the build, without type declarations
import { compileShell, isBridgeClass, jcefOutsideBridge, shellClasses } from '../../jetbrains-plugin/packaging/kotlin.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const resources = join(repo, 'jetbrains-plugin', 'src', 'main', 'resources');
const xml = readFileSync(join(resources, 'META-INF', 'plugin.xml'), 'utf8');

type CompiledShell = { classes: string; names: string[] };

function svgSize(path: string): string {
  const svg = readFileSync(path, 'utf8');
  return `${/width="(\d+)"/.exec(svg)?.[1]}x${/height="(\d+)"/.exec(svg)?.[1]}`;
}

describe('plugin.xml', () => {
  let shell: CompiledShell;
  beforeAll(() => {
    const classes = (compileShell as (o: { log: (l: string) => void }) => string)({ log: () => undefined });
    shell = { classes, names: (shellClasses as (d: string) => Array<[string, Buffer]>)(classes).map(([n]) => n) };
  }, 900_000);

  it('has an id of its own (com.wave.jetbrains is another Marketplace plugin)', () => {
    const id = /<id>([^<]+)<\/id>/.exec(xml)?.[1];
    expect(id).toBe('dev.wavehooks.wave');
    expect(id).not.toBe('com.wave.jetbrains');
  });

  it('depends on JCEF optionally, through a config file of its own, and every config file exists', () => {
    expect(xml).toContain('<depends optional="true" config-file="wave-jcef.xml">com.intellij.modules.jcef</depends>');
    expect(xml).toContain('<depends>com.intellij.modules.platform</depends>');
    const required = [...xml.matchAll(/<depends(?![^>]*optional="true")[^>]*>([^<]+)<\/depends>/g)].map((m) => m[1]);
    expect(required).toEqual(['com.intellij.modules.platform']); // nothing that a 2026.2 IDE may lack
    for (const [, file] of xml.matchAll(/config-file="([^"]+)"/g)) expect(existsSync(join(resources, 'META-INF', file!)), file).toBe(true);
  });

  it('has the logo in both themes and New UI tool window icons mapped from the classic one', () => {
    expect(svgSize(join(resources, 'META-INF', 'pluginIcon.svg'))).toBe('40x40');
    expect(svgSize(join(resources, 'META-INF', 'pluginIcon_dark.svg'))).toBe('40x40');
    const mapper = /<iconMapper mappingFile="([^"]+)"\/>/.exec(xml)?.[1] ?? '';
    const mappings = JSON.parse(readFileSync(join(resources, mapper), 'utf8')) as { icons: { expui: Record<string, Record<string, string>> } };
    const toolWindowIcon = /<toolWindow [^>]*icon="\/([^"]+)"/.exec(xml)?.[1];
    expect(mappings.icons.expui.toolwindow).toEqual({ 'wave.svg': toolWindowIcon });
    const expui = join(resources, 'icons', 'expui', 'toolwindow');
    expect(svgSize(join(expui, 'wave@20x20.svg'))).toBe('20x20');
    expect(svgSize(join(expui, 'wave@20x20_dark.svg'))).toBe('20x20');
    expect(svgSize(join(expui, 'wave.svg'))).toBe('16x16');
    expect(svgSize(join(expui, 'wave_dark.svg'))).toBe('16x16');
  });

  it('every class an extension or action names is compiled', () => {
    const named = [...xml.matchAll(/(?:implementation|factoryClass|instance|implementationClass|class)="([\w.]+)"/g)].map((m) => m[1]!);
    expect(named).toContain('com.wave.jetbrains.platform.WaveSettingsFileType');
    expect(named).toContain('com.wave.jetbrains.platform.WaveSettingsTabTitle');
    for (const cls of named) expect(shell.names, cls).toContain(`${cls.replaceAll('.', '/')}.class`);
  });

  it('names JCEF only in the bridge class, so a missing JCEF plugin can only fail behind the guard', () => {
    expect(shell.names.filter((n) => (isBridgeClass as (n: string) => boolean)(n))).toContain('com/wave/jetbrains/platform/JcefWebView.class');
    expect((jcefOutsideBridge as (d: string) => string[])(shell.classes)).toEqual([]);
  });

  it('keeps the settings and password-safe keys that do not depend on the id', () => {
    const settings = readFileSync(join(repo, 'jetbrains-plugin', 'src', 'main', 'kotlin', 'com', 'wave', 'jetbrains', 'platform', 'WaveSettings.kt'), 'utf8');
    expect(settings).toContain('private const val PREFIX = "com.wave.jetbrains."');
    expect(settings).toContain('generateServiceName("Wave", "model API key")');
  });
});
