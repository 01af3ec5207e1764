// The usage lines of `wave -p` and `wave serve`, apart from the commands so `wave --help` loads neither.
export const PRINT_USAGE = `usage: wave -p "<prompt>" [--workdir DIR] [--settings FILE|JSON] [--output-format text|json|stream-json]
                [--permission-mode default|acceptEdits|plan|bypassPermissions] [--resume SESSION_ID] [--debug hooks]
                [--mcp-config FILE|JSON]`;

export const SERVE_USAGE = 'usage: wave serve [--workdir DIR] [--port N] [--ui DIR] [--standalone] [--exit-with-stdin] [--debug hooks]';
