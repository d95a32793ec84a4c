// core.engines: the LLM engine of each role, loaded on first use and shared.
//
//   const engine = await core.engines.get('extraction');   // LlmEngine; throws ApiError if none chosen
//   const emb = await core.engines.get('embedding');
//   core.engines.use('chat', myEngine);                    // inject one (tests, bench); null removes it
//   await core.engines.open({ kind: 'llama', path });      // an engine for an explicit choice, shared too
//   core.engines.status();                                 // per role: choice, state, info, error
//
// - The choice per role is persisted in the settings ('models.roles', written by models.choose).
// - Roles that choose the same model share one engine (one load, one context, N sequences).
// - Concurrent get() calls share one load. A failed load is reported by status() and retried by
//   the next get().
// - After the choices change (refresh()), engines no role uses any more are closed once their
//   running generations finish; a caller still holding one gets LlmError('closed') afterwards, so
//   hold an engine for a job, not across jobs.
// - Engines never load in the constructor: building a Core stays cheap, and node-llama-cpp is
//   imported only when a local model is first used.
// - How an engine is built: the host's options (tests, the bench) win, then the user's settings
//   (llm/settings.ts: sequences, context size, memory budget, an endpoint's concurrency and context),
//   then the sizing rule. An endpoint is asked for its context size when it is built.
import type { SettingsRepository } from '../store/settings';
import { ApiError } from '../../../shared/errors';
import { EngineChoice, type EngineRoleStatus, type ModelRole, type RoleChoices } from '../../../shared/contract/models';
import type { LlmEngine } from './engine';
import type { GpuSetting } from './runtime';
import { readLlmSettings } from './settings';

export const ROLES: ModelRole[] = ['extraction', 'chat', 'embedding'];
const SETTINGS_ROLES = 'models.roles';

export interface EngineRegistryOptions {
  /** CPU threads for local models (tests: 1). Default: from the machine. */
  maxThreads?: number;
  gpu?: GpuSetting;
  /** Parallel sequences of a local model's context (default: the setting, else sized from free VRAM). */
  sequences?: number;
  contextSize?: number;
  memoryBudgetBytes?: number;
  /** Requests in flight to an endpoint (default: the setting, else 4). */
  concurrency?: number;
  /** An endpoint's context size (default: the setting, else what the server says). */
  remoteContextSize?: number;
  /** Replace how an engine is built from a choice (tests). */
  load?: (choice: EngineChoice) => Promise<LlmEngine>;
}

/** The persisted choice of every role (invalid stored values read as null). */
export function readChoices(settings: SettingsRepository): RoleChoices {
  const raw = settings.get<Record<string, unknown>>(SETTINGS_ROLES) ?? {};
  const out: RoleChoices = { extraction: null, chat: null, embedding: null };
  for (const role of ROLES) {
    const parsed = EngineChoice.safeParse(raw?.[role]);
    out[role] = parsed.success ? parsed.data : null;
  }
  return out;
}

export function writeChoice(settings: SettingsRepository, role: ModelRole, choice: EngineChoice | null): RoleChoices {
  const current = readChoices(settings);
  current[role] = choice;
  settings.set(SETTINGS_ROLES, current);
  return current;
}

function choiceKey(choice: EngineChoice): string {
  return choice.kind === 'llama' ? `llama:${choice.path}` : `openai:${choice.baseUrl}|${choice.model}|${choice.apiKey ?? ''}`;
}

/** A choice with the API key hidden, for status and logs. */
function redactChoice(choice: EngineChoice | null): EngineChoice | null {
  if (choice?.kind === 'openai' && choice.apiKey) return { ...choice, apiKey: '***' };
  return choice;
}

interface Slot {
  key: string;
  choice: EngineChoice;
  loading: Promise<LlmEngine> | null;
  engine: LlmEngine | null;
  error: string | null;
}

export class EngineRegistry {
  private readonly slots = new Map<string, Slot>();
  private readonly overrides = new Map<ModelRole, LlmEngine>();
  private closed = false;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly options: EngineRegistryOptions = {},
  ) {}

  /** The current choice of a role. */
  choice(role: ModelRole): EngineChoice | null {
    return readChoices(this.settings)[role];
  }

  /** The engine of a role: the injected one, else the chosen model, loaded once and shared. */
  async get(role: ModelRole): Promise<LlmEngine> {
    const injected = this.overrides.get(role);
    if (injected) return injected;
    const choice = this.choice(role);
    if (!choice) {
      throw new ApiError('conflict', `no model is chosen for ${role}: choose one in the Models view or with "graphwright models choose ${role} FILE"`);
    }
    return this.open(choice);
  }

  /** An engine for an explicit choice (shared with any role that chose the same). */
  async open(choice: EngineChoice): Promise<LlmEngine> {
    if (this.closed) throw new ApiError('conflict', 'the engine registry is closed');
    const key = choiceKey(choice);
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { key, choice, loading: null, engine: null, error: null };
      this.slots.set(key, slot);
    }
    if (slot.engine) return slot.engine;
    if (!slot.loading) {
      const s = slot;
      s.error = null;
      s.loading = this.build(choice).then(
        (engine) => {
          s.loading = null;
          if (this.closed || this.slots.get(key) !== s) {
            void engine.close();
            throw new ApiError('conflict', 'the engine was released while it loaded');
          }
          s.engine = engine;
          return engine;
        },
        (err: unknown) => {
          s.loading = null;
          s.error = (err as Error)?.message ?? String(err);
          throw err;
        },
      );
    }
    return slot.loading as Promise<LlmEngine>;
  }

  /** Whether the engine for this choice is loaded already (an extraction job then has no load phase to show). */
  isLoaded(choice: EngineChoice): boolean {
    return Boolean(this.slots.get(choiceKey(choice))?.engine);
  }

  private async build(choice: EngineChoice): Promise<LlmEngine> {
    if (this.options.load) return this.options.load(choice);
    const settings = readLlmSettings(this.settings);
    if (choice.kind === 'openai') {
      const { OpenAiEngine } = await import('./openai');
      const engine = new OpenAiEngine({
        baseUrl: choice.baseUrl,
        model: choice.model,
        apiKey: choice.apiKey,
        concurrency: this.options.concurrency ?? settings.concurrency,
        contextSize: this.options.remoteContextSize ?? settings.remoteContextSize,
      });
      await engine.probe();
      return engine;
    }
    const { LlamaEngine } = await import('./llama');
    return LlamaEngine.load({
      modelPath: choice.path,
      gpu: this.options.gpu,
      maxThreads: this.options.maxThreads,
      sequences: this.options.sequences ?? settings.sequences,
      contextSize: this.options.contextSize ?? settings.contextSize,
      memoryBudgetBytes: this.options.memoryBudgetBytes ?? settings.memoryBudgetBytes,
    });
  }

  /** Inject an engine for a role (tests, bench, a host that manages its own); null removes it. */
  use(role: ModelRole, engine: LlmEngine | null): void {
    if (engine) this.overrides.set(role, engine);
    else this.overrides.delete(role);
  }

  /** Call after the choices changed: closes engines that no role uses any more. */
  async refresh(): Promise<void> {
    const wanted = new Set(
      Object.values(readChoices(this.settings))
        .filter((c): c is EngineChoice => c !== null)
        .map(choiceKey),
    );
    const stale = [...this.slots.values()].filter((s) => !wanted.has(s.key));
    for (const s of stale) this.slots.delete(s.key);
    await Promise.all(stale.map((s) => s.engine?.close().catch(() => undefined)));
  }

  /** Free the engine of one role (or all); they load again on the next get(). */
  async unload(role?: ModelRole): Promise<void> {
    const choices = readChoices(this.settings);
    const keys = role ? [choices[role]].filter((c): c is EngineChoice => c !== null).map(choiceKey) : [...this.slots.keys()];
    const slots = keys.map((k) => this.slots.get(k)).filter((s): s is Slot => !!s);
    for (const s of slots) this.slots.delete(s.key);
    await Promise.all(slots.map(async (s) => (s.engine ?? (await s.loading?.catch(() => null)))?.close().catch(() => undefined)));
  }

  /** Load the engine of a role now and report its status (a load failure is in the status, not thrown). */
  async load(role: ModelRole): Promise<EngineRoleStatus> {
    try {
      await this.get(role);
    } catch (err) {
      if (err instanceof ApiError) throw err;
    }
    return this.statusOf(role);
  }

  statusOf(role: ModelRole): EngineRoleStatus {
    const injected = this.overrides.get(role);
    const choice = this.choice(role);
    if (injected) return { role, choice: redactChoice(choice), state: 'loaded', info: injected.info(), error: null };
    if (!choice) return { role, choice: null, state: 'none', info: null, error: null };
    const slot = this.slots.get(choiceKey(choice));
    const base = { role, choice: redactChoice(choice) };
    if (!slot) return { ...base, state: 'idle', info: null, error: null };
    if (slot.engine) return { ...base, state: 'loaded', info: slot.engine.info(), error: null };
    if (slot.loading) return { ...base, state: 'loading', info: null, error: null };
    if (slot.error) return { ...base, state: 'failed', info: null, error: slot.error };
    return { ...base, state: 'idle', info: null, error: null };
  }

  status(): EngineRoleStatus[] {
    return ROLES.map((r) => this.statusOf(r));
  }

  /** Close every engine this registry loaded (injected ones belong to whoever injected them). */
  async close(): Promise<void> {
    this.closed = true;
    const slots = [...this.slots.values()];
    this.slots.clear();
    await Promise.all(slots.map(async (s) => (s.engine ?? (await s.loading?.catch(() => null)))?.close().catch(() => undefined)));
  }
}
