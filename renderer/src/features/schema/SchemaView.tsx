// The user schema: entity and relation types (name, description, examples, allowed head and tail
// types), imported from and exported to a small JSON or YAML file; triples the schema does not allow.
import { useRef, useState, type FormEvent } from 'react';
import { useCall, useCallMutation } from '../../api/hooks';
import { EmptyState, ErrorBox } from '../../components/EmptyState';
import type { CallName } from '../../../../shared/contract';
import type { SchemaFormat, SchemaType, SchemaTypeKind } from '../../../../shared/contract/concepts';
import { STANDARDS_SCHEMA, standardsSchemaText } from '../../../../shared/starter-schema';
import '../concepts/concepts.css';

const SCHEMA_QUERIES: CallName[] = ['schema.types.list', 'schema.mismatches'];
const split = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

interface Draft {
  id?: number;
  kind: SchemaTypeKind;
  name: string;
  description: string;
  examples: string;
  headTypes: string;
  tailTypes: string;
}

const emptyDraft = (kind: SchemaTypeKind = 'entity'): Draft => ({ kind, name: '', description: '', examples: '', headTypes: '', tailTypes: '' });
const toDraft = (t: SchemaType): Draft => ({
  id: t.id,
  kind: t.kind,
  name: t.name,
  description: t.description,
  examples: t.examples.join(', '),
  headTypes: t.headTypes.join(', '),
  tailTypes: t.tailTypes.join(', '),
});

function TypeForm({ draft, setDraft, entityNames }: { draft: Draft; setDraft: (d: Draft) => void; entityNames: string[] }) {
  const save = useCallMutation('schema.types.save', SCHEMA_QUERIES);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: draft.id,
        kind: draft.kind,
        name: draft.name.trim(),
        description: draft.description.trim(),
        examples: split(draft.examples),
        headTypes: draft.kind === 'relation' ? split(draft.headTypes) : [],
        tailTypes: draft.kind === 'relation' ? split(draft.tailTypes) : [],
      },
      { onSuccess: () => setDraft(emptyDraft(draft.kind)) },
    );
  };
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  return (
    <form className="schema-form" onSubmit={submit} aria-label={draft.id ? `Edit type ${draft.name}` : 'New type'}>
      <strong>{draft.id ? `Edit ${draft.kind} type` : 'New type'}</strong>
      <label>
        Kind
        <select value={draft.kind} disabled={draft.id !== undefined} onChange={(e) => set({ kind: e.target.value as SchemaTypeKind })}>
          <option value="entity">entity type</option>
          <option value="relation">relation type</option>
        </select>
      </label>
      <label>
        Name
        <input value={draft.name} required maxLength={64} onChange={(e) => set({ name: e.target.value })} />
      </label>
      <label>
        Description
        <input value={draft.description} maxLength={1000} onChange={(e) => set({ description: e.target.value })} />
      </label>
      <label>
        Examples (comma-separated)
        <input value={draft.examples} onChange={(e) => set({ examples: e.target.value })} />
      </label>
      {draft.kind === 'relation' && (
        <>
          <label>
            Head types (comma-separated; empty: any)
            <input value={draft.headTypes} list="schema-entity-types" onChange={(e) => set({ headTypes: e.target.value })} />
          </label>
          <label>
            Tail types (comma-separated; empty: any)
            <input value={draft.tailTypes} list="schema-entity-types" onChange={(e) => set({ tailTypes: e.target.value })} />
          </label>
          <datalist id="schema-entity-types">
            {entityNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending || !draft.name.trim()}>
          {draft.id ? 'Save type' : 'Add type'}
        </button>
        {draft.id !== undefined && (
          <button type="button" className="secondary" onClick={() => setDraft(emptyDraft(draft.kind))}>
            Cancel
          </button>
        )}
      </div>
      {save.error && <p className="danger small">{save.error.message}</p>}
    </form>
  );
}

function TypeTable({ kind, items, onEdit }: { kind: SchemaTypeKind; items: SchemaType[]; onEdit: (t: SchemaType) => void }) {
  const remove = useCallMutation('schema.types.remove', SCHEMA_QUERIES);
  if (!items.length) return <p className="muted">No {kind} types.</p>;
  return (
    <table className="grid" aria-label={kind === 'entity' ? 'Entity types' : 'Relation types'}>
      <thead>
        <tr>
          <th>Name</th>
          <th>Description</th>
          <th>Examples</th>
          {kind === 'relation' && <th>Head → tail</th>}
          <th />
        </tr>
      </thead>
      <tbody>
        {items.map((t) => (
          <tr key={t.id}>
            <td>{t.name}</td>
            <td>{t.description}</td>
            <td className="small">{t.examples.join(', ')}</td>
            {kind === 'relation' && (
              <td className="small">
                {t.headTypes.join(' | ') || 'any'} → {t.tailTypes.join(' | ') || 'any'}
              </td>
            )}
            <td>
              <button type="button" className="secondary small" aria-label={`Edit ${t.name}`} onClick={() => onEdit(t)}>
                Edit
              </button>{' '}
              <button
                type="button"
                className="secondary small"
                aria-label={`Remove ${t.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: t.id })}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ImportExport() {
  const file = useRef<HTMLInputElement>(null);
  const [replace, setReplace] = useState(false);
  const [note, setNote] = useState('');
  const [exported, setExported] = useState<{ text: string; format: SchemaFormat } | null>(null);
  const imp = useCallMutation('schema.types.import', SCHEMA_QUERIES);
  const exp = useCallMutation('schema.types.export', []);
  const onFile = async (f: File | undefined) => {
    if (!f) return;
    const text = await f.text();
    const ext = f.name.toLowerCase().split('.').pop();
    const format: SchemaFormat | undefined = ext === 'json' ? 'json' : ext === 'yaml' || ext === 'yml' ? 'yaml' : undefined;
    imp.mutate(
      { text, format, replace },
      { onSuccess: (r) => setNote(`${f.name}: ${r.added} added, ${r.updated} updated${r.removed ? `, ${r.removed} removed` : ''}`) },
    );
    if (file.current) file.current.value = '';
  };
  const download = (format: SchemaFormat) =>
    exp.mutate(
      { format },
      {
        onSuccess: (r) => {
          setExported({ text: r.text, format: r.format });
          const url = URL.createObjectURL(new Blob([r.text], { type: r.format === 'json' ? 'application/json' : 'application/yaml' }));
          const a = document.createElement('a');
          a.href = url;
          a.download = `schema.${r.format === 'json' ? 'json' : 'yaml'}`;
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
        },
      },
    );
  return (
    <div className="schema-toolbar">
      <label className="secondary">
        <input ref={file} type="file" accept=".json,.yaml,.yml" aria-label="Import schema file" onChange={(e) => void onFile(e.target.files?.[0])} />
      </label>
      <label className="small">
        <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> replace existing types
      </label>
      <button type="button" className="secondary" onClick={() => download('yaml')}>
        Export YAML
      </button>
      <button type="button" className="secondary" onClick={() => download('json')}>
        Export JSON
      </button>
      {note && (
        <span className="muted small" role="status">
          {note}
        </span>
      )}
      <ErrorBox error={imp.error ?? exp.error} />
      {exported && <textarea className="schema-export" readOnly aria-label={`Exported schema (${exported.format})`} value={exported.text} />}
    </div>
  );
}

/** The starter schema for standards, offered while the schema is empty (imported like a file: one step). */
function StarterSchema() {
  const imp = useCallMutation('schema.types.import', SCHEMA_QUERIES);
  const names = STANDARDS_SCHEMA.entityTypes.map((t) => t.name);
  return (
    <div className="starter-schema" data-testid="starter-schema">
      <button type="button" disabled={imp.isPending} onClick={() => imp.mutate({ text: standardsSchemaText(), format: 'json', replace: false })}>
        Start from the schema for technical standards
      </button>
      <p className="muted small">
        {names.length} entity types: {names.join(', ')}. Each lists the words that name it; edit or remove any afterwards.
      </p>
      <ErrorBox error={imp.error} />
    </div>
  );
}

function Mismatches() {
  const m = useCall('schema.mismatches', { limit: 200, offset: 0 });
  if (!m.data || m.data.total === 0) return <p className="muted">No triple breaks the relation types&apos; head and tail rules.</p>;
  return (
    <table className="grid" aria-label="Schema mismatches">
      <thead>
        <tr>
          <th>Subject (type)</th>
          <th>Relation</th>
          <th>Object (type)</th>
          <th>Relation type allows</th>
          <th>Problem</th>
        </tr>
      </thead>
      <tbody>
        {m.data.items.map((x) => (
          <tr key={x.edgeId}>
            <td>
              {x.subject} <span className="muted small">({x.subjectType ?? 'untyped'})</span>
            </td>
            <td>{x.relation}</td>
            <td>
              {x.object} <span className="muted small">({x.objectType ?? 'untyped'})</span>
            </td>
            <td className="small">
              {x.relationType}: {x.headTypes.join(' | ') || 'any'} → {x.tailTypes.join(' | ') || 'any'}
            </td>
            <td>{x.problem}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SchemaView() {
  const types = useCall('schema.types.list', {});
  const status = useCall('app.status', {});
  const concepts = status.data?.nodes.concept ?? 0;
  const [draft, setDraft] = useState<Draft>(emptyDraft());
  const items = types.data?.items ?? [];
  const entity = items.filter((t) => t.kind === 'entity');
  const relation = items.filter((t) => t.kind === 'relation');
  return (
    <section className="view schema-view" aria-labelledby="schema-title">
      <header className="view-header">
        <h1 id="schema-title">Schema</h1>
        {types.data && <span className="muted">{items.length} types</span>}
      </header>
      <ImportExport />
      <ErrorBox error={types.error} />
      <div className="schema-columns">
        <div>
          {types.isSuccess && items.length === 0 && (
            <EmptyState title={concepts > 0 ? 'No types defined: types come from the concepts' : 'No schema yet'} icon="schema">
              {concepts > 0 ? (
                <p data-testid="schema-induced">
                  Conceptualisation induced {concepts.toLocaleString()} concepts; without a schema they stand in for the types (see{' '}
                  <a href="#/concepts">Concepts</a>). Define entity and relation types here (or import a JSON/YAML file) to constrain extraction and
                  conceptualisation to them.
                </p>
              ) : (
                <p>
                  Without types, they are induced from the concepts once you conceptualise (in Concepts). Define entity and relation types (or import a
                  JSON/YAML file) to constrain extraction and conceptualisation to them.
                </p>
              )}
              <StarterSchema />
            </EmptyState>
          )}
          {items.length > 0 && (
            <>
              <h2>Entity types</h2>
              <TypeTable kind="entity" items={entity} onEdit={(t) => setDraft(toDraft(t))} />
              <h2>Relation types</h2>
              <TypeTable kind="relation" items={relation} onEdit={(t) => setDraft(toDraft(t))} />
              <h2>Mismatches</h2>
              <Mismatches />
            </>
          )}
        </div>
        <TypeForm draft={draft} setDraft={setDraft} entityNames={entity.map((t) => t.name)} />
      </div>
    </section>
  );
}
