// The chat's model (README, "Settings keys"; docs/architecture.md, "The sidecar and the IDE"): which
// one is configured (the environment's WAVE_* variables over the settings files), whether its
// endpoint answers (a probe at start and after every change), and the Model section's save, which
// writes the user settings file and applies at once — the agent holds a client that follows the
// configuration, so nothing restarts.
import { readFileSync } from 'node:fs';
import { createModelClient } from '../models/config.js';
import { loadModelConfig } from '../app/modelConfig.js';
import { ModelError } from '../models/modelError.js';
import { probeModel } from '../models/probe.js';
import type { ModelClient, ModelConfig, ModelRequest, ModelStreamEvent } from '../models/types.js';
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import { parseJsonText } from '../settings/jsonFile.js';
import { setJsonValue } from '../settings/jsonEdit.js';
import { settingsPaths } from '../settings/paths.js';
import { isHttpUrl } from '../settings/schema.js';
import type { ModelProbe, ModelState, Params } from '../protocol/protocol.js';
import { editOwnSettings, SettingsRefusal, UNDONE } from './settingsEdit.js';

const ENV_KEYS = { provider: 'WAVE_PROVIDER', baseURL: 'WAVE_BASE_URL', model: 'WAVE_MODEL', apiKey: 'WAVE_API_KEY' } as const;
type FormKey = keyof typeof ENV_KEYS;

/** A client that follows the configuration: the agent keeps it, the service swaps what is behind it. */
class FollowingClient implements ModelClient {
  target: ModelClient | null = null;
  unavailable = 'No model is configured';
  get provider() {
    return this.target?.provider ?? 'openai';
  }
  get model() {
    return this.target?.model ?? '';
  }
  send(req: ModelRequest, onEvent?: (e: ModelStreamEvent) => void) {
    if (!this.target) return Promise.reject(new ModelError('bad_request', this.unavailable));
    return this.target.send(req, onEvent);
  }
}

export interface ModelServiceOptions {
  workdir: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  trusted: () => boolean;
  /** A client given by the embedder (tests): used as is, never probed, never replaced. */
  injected?: ModelClient | undefined;
  session: () => SessionConfig | null;
  onChange: (state: ModelState) => void;
}

export class ModelService {
  readonly client = new FollowingClient();
  private config: ModelConfig | null = null;
  private error: string | null = null;
  /** Nothing names a model (rather than a setting that is wrong). */
  private missing = false;
  private probe: { status: ModelState['status']; result: ModelProbe | null } = { status: 'none', result: null };
  /** Bumped by every reload: a probe answer for an older configuration is dropped. */
  private generation = 0;
  private readonly file: string;

  constructor(private readonly opts: ModelServiceOptions) {
    this.file = settingsPaths(opts.workdir, opts.homeDir).user;
    this.reload(false);
  }

  /** The name of the model in use (null: none is configured). */
  get name(): string | null {
    return this.config?.model ?? null;
  }

  /** A client for another model name on the same endpoint (subagent definitions may name one). */
  modelFor(name: string): ModelClient {
    return this.config ? createModelClient({ ...this.config, model: name }) : this.client;
  }

  /** Reads the configuration again (the environment, then the settings files); probes it when asked. */
  reload(probe = true): void {
    this.generation++;
    if (this.opts.injected) {
      this.client.target = this.opts.injected;
      this.probe = { status: 'unchecked', result: null };
      return;
    }
    const r = this.resolve();
    this.config = r.ok ? r.config : null;
    this.error = r.ok ? null : r.error;
    this.missing = !r.ok && r.missing === true;
    this.client.target = r.ok ? createModelClient(r.config) : null;
    this.client.unavailable = `No model is configured: ${this.error}`;
    this.probe = { status: r.ok ? 'checking' : 'none', result: null };
    if (probe && r.ok) void this.check();
  }

  private resolve() {
    return loadModelConfig({ workdir: this.opts.workdir, homeDir: this.opts.homeDir, trustProject: this.opts.trusted(), env: this.opts.env }).model;
  }

  /** Probes the configuration in use and tells every client what it found. */
  async check(): Promise<void> {
    const config = this.config;
    if (!config) return;
    const generation = this.generation;
    const r = await probeModel(config);
    if (generation !== this.generation) return;
    this.probe = { status: r.ok ? 'ok' : 'error', result: r };
    this.opts.onChange(this.state());
  }

  state(): ModelState {
    const saved = this.saved();
    const target = this.client.target;
    return {
      configured: target !== null,
      provider: target?.provider ?? null,
      name: target?.model ?? null,
      baseURL: this.config?.baseURL ?? null,
      error: this.error,
      missing: this.missing && !this.opts.injected,
      status: this.probe.status,
      statusMessage: this.probe.result?.message ?? null,
      probe: this.probe.result,
      file: this.file,
      saved: { provider: saved.provider ?? null, baseURL: saved.baseURL ?? null, model: saved.model ?? null, apiKeySet: Boolean(saved.apiKey) },
      overriddenBy: this.overriders(),
    };
  }

  /** The WAVE_* variables set, then the project's files (when trusted) that set a model key: all win over the user file. */
  private overriders(): string[] {
    const vars = (Object.keys(ENV_KEYS) as FormKey[]).map((k) => ENV_KEYS[k]).filter((v) => (this.opts.env[v] ?? '').trim() !== '');
    if (!this.opts.trusted()) return vars;
    const paths = settingsPaths(this.opts.workdir, this.opts.homeDir);
    const files = [paths.project, paths.projectLocal].filter((f) => f !== this.file && Object.keys(this.saved(f)).length > 0);
    return [...vars, ...files];
  }

  /** The model keys of a settings file (the user's by default) as written there. */
  private saved(file = this.file): Partial<Record<FormKey, string>> {
    let value: unknown;
    try {
      value = parseJsonText(file, readText(file)).value;
    } catch {
      return {};
    }
    const out: Partial<Record<FormKey, string>> = {};
    for (const k of Object.keys(ENV_KEYS) as FormKey[]) {
      const v = (value as Record<string, unknown> | null)?.[k];
      if (typeof v === 'string') out[k] = v;
    }
    return out;
  }

  /** Writes the form into the user settings file (format kept) and applies it: no restart. */
  save(form: Params<'model.save'>): ModelState {
    const values: Partial<Record<FormKey, string | undefined>> = {
      provider: form.provider,
      baseURL: form.baseURL.trim() || undefined,
      model: form.model.trim() || undefined,
      ...(form.apiKey?.trim() ? { apiKey: form.apiKey.trim() } : {}),
    };
    if (values.baseURL && !isHttpUrl(values.baseURL))
      throw new SettingsRefusal(
        'refused',
        `the base URL must be an http(s) URL such as http://127.0.0.1:8000/v1, not "${values.baseURL}"; ${UNDONE.modelSaved}`,
        {
          kind: 'badBaseUrl',
          value: values.baseURL,
          undone: 'modelSaved',
        },
      );
    const edit = (text: string) => Object.entries(values).reduce((t, [k, v]) => setJsonValue(t, [k], v), text);
    editOwnSettings(this.file, edit, this.opts.session(), 'modelSaved');
    this.reload();
    return this.state();
  }

  /** A real request against the form's endpoint (its key left empty: the saved one), or the one in use. */
  async test(form: Params<'model.test'>): Promise<ModelProbe> {
    if (!form.provider && !form.baseURL && !form.model) {
      if (!this.config) return { ok: false, kind: 'noModel', url: null, detail: null, message: this.error ?? 'no model is configured', models: null };
      return probeModel(this.config);
    }
    const model = form.model?.trim();
    if (!model) return { ok: false, kind: 'noModel', url: null, detail: null, message: 'name the model first', models: null };
    const baseURL = form.baseURL?.trim();
    const apiKey = form.apiKey?.trim() || this.saved().apiKey || this.config?.apiKey;
    return probeModel({ provider: form.provider ?? 'openai', model, ...(baseURL ? { baseURL } : {}), ...(apiKey ? { apiKey } : {}) });
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '{}';
  }
}
