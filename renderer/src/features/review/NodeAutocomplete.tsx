import { useEffect, useState, type KeyboardEvent } from 'react';
import { Combobox } from '../../components/Combobox';
import { useCall } from '../../api/hooks';
import type { EditNodeRef, NodeRef } from '../../../../shared/contract';

/** What the editor picked or typed: an existing node (id) or a label to find or create. */
export interface NodeChoice {
  id?: number;
  label: string;
}

export const toNodeRef = (c: NodeChoice): NodeRef => (c.id !== undefined ? { id: c.id } : { label: c.label.trim(), kind: 'entity' });
/** An edited end: a typed label without a kind takes the kind of the end it replaces (the triple keeps its stage). */
export const toEditNodeRef = (c: NodeChoice): EditNodeRef => (c.id !== undefined ? { id: c.id } : { label: c.label.trim() });

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** An entity field with autocomplete over the graph's nodes (labels and aliases). */
export function NodeAutocomplete({
  label,
  value,
  onChange,
  autoFocus,
  onKeyDown,
  className,
}: {
  label: string;
  value: NodeChoice;
  onChange: (c: NodeChoice) => void;
  autoFocus?: boolean;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  className?: string;
}) {
  const q = useDebounced(value.label, 120);
  const found = useCall('nodes.search', { query: q, limit: 8 }, { enabled: q.trim().length > 0 && value.id === undefined, staleTime: 10_000 });
  // Suggestions are offered only for the text now in the field: until the debounced search has
  // caught up, an Enter typed quickly would otherwise pick a stale match (the end being replaced).
  const current = value.id === undefined && q === value.label;
  const options = (current ? (found.data ?? []) : []).map((n) => ({
    key: String(n.id),
    label: n.label,
    detail: `${n.kind}${n.type ? ` · ${n.type}` : ''} · ${n.degree} triples`,
  }));
  return (
    <Combobox
      label={label}
      value={value.label}
      onChange={(text) => onChange({ label: text })}
      options={options}
      onPick={(o) => onChange({ id: Number(o.key), label: o.label })}
      autoFocus={autoFocus}
      onKeyDown={onKeyDown}
      className={className}
      placeholder="entity…"
    />
  );
}
