// The Graph view: explore neighbourhoods (search → start nodes, expand by double-click, depth limit),
// filter them, and review on the drawing itself: accept, reject, edit, merge two or more nodes.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type cytoscape from 'cytoscape';
import { useCall, useCallMutation } from '../../api/hooks';
import { Dialog } from '../../components/Dialog';
import { EmptyState, ErrorBox } from '../../components/EmptyState';
import type { CallInput, CallOutput, GraphCommunity, GraphViewNode, Neighbourhood } from '../../../../shared/contract';
import { EdgeStatus } from '../../../../shared/schemas';
import { MergeDialog, type MergeNode } from '../review/Dialogs';
import { EntityCard, EvidencePanel } from '../review/EvidencePanel';
import { NodeAutocomplete, type NodeChoice } from '../review/NodeAutocomplete';
import { HistoryMenu, StatusLine } from '../review/HistoryMenu';
import { useEditRunner, useUndoRedoShortcuts, type EditRunner } from '../review/reviewApi';
import { fromTextField } from '../review/reviewKeys';
import { precisionFilter, type PrecisionView } from '../review/precision';
import { usePrecisionThresholdSetting } from '../review/usePrecisionThreshold';
import { PrecisionViewSwitch } from '../review/PrecisionViewSwitch';
import { getSelection, takeGraphFocus, updateSelection, useSharedSelection } from '../review/selection';
import { graphToSvg } from './exportSvg';
import { downloadBlob } from '../../components/downloadBlob';
import { fitGraph, GraphCanvas, useResolvedTheme, type CanvasSelection } from './GraphCanvas';
import { GRAPH_PALETTES, nodeColoring, type ColorBy } from './graphStyle';
import { CommunityCanvas, communityName } from './CommunityCanvas';
import '../../styles/review.css';

const GRAPH_OPTIONS_KEY = 'graph.options';

interface GraphOptions {
  limit: number;
  depth: number;
  webgl: boolean;
  /** With no start node: the graph's communities, or its best-connected nodes. */
  overview: 'communities' | 'nodes';
  colorBy: ColorBy;
}

const DEFAULT_OPTIONS: GraphOptions = { limit: 500, depth: 1, webgl: false, overview: 'communities', colorBy: 'kind' };
const LIMITS = [200, 500, 2000, 10_000];

function parseOptions(v: unknown): GraphOptions {
  const o = (v && typeof v === 'object' ? v : {}) as Partial<GraphOptions>;
  return {
    limit: typeof o.limit === 'number' && o.limit > 0 ? Math.min(o.limit, 50_000) : DEFAULT_OPTIONS.limit,
    depth: typeof o.depth === 'number' ? Math.max(0, Math.min(4, o.depth)) : DEFAULT_OPTIONS.depth,
    webgl: o.webgl === true,
    overview: o.overview === 'nodes' ? 'nodes' : 'communities',
    colorBy: o.colorBy === 'type' ? 'type' : 'kind',
  };
}

function EditRelationDialog({ id, relation, runner, onClose }: { id: number; relation: string; runner: EditRunner; onClose: () => void }) {
  const [value, setValue] = useState(relation);
  const submit = async () => {
    if (value.trim() && value.trim() !== relation && (await runner.run('triples.edit', { id, relation: value.trim() }))) onClose();
  };
  return (
    <Dialog
      title="Edit relation"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={!value.trim() || value.trim() === relation || runner.pending} onClick={() => void submit()}>
            Save
          </button>
        </>
      }
    >
      <form
        className="rv-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="edge-relation">Relation</label>
        <input id="edge-relation" type="text" value={value} onChange={(e) => setValue(e.target.value)} />
      </form>
      {runner.error && (
        <div className="error-box" role="alert">
          {runner.error}
        </div>
      )}
    </Dialog>
  );
}

type ConceptLayer = CallOutput<'concepts.layer'>;

/** Add concept nodes and their is-a links (negative edge ids, never triples) to a neighbourhood. */
function withConceptLayer(hood: Neighbourhood | undefined, layer: ConceptLayer | undefined): Neighbourhood | undefined {
  if (!hood || !layer) return hood;
  const present = new Set(hood.nodes.map((n) => n.id));
  const links = layer.links.filter((l) => l.nodeId != null && present.has(l.nodeId));
  const used = new Set(links.map((l) => l.conceptId));
  const concepts = layer.concepts.filter((c) => used.has(c.id) && !present.has(c.id)).map((c) => ({ ...c, degree: 0 }));
  return {
    ...hood,
    nodes: [...hood.nodes, ...concepts],
    edges: [
      ...hood.edges,
      ...links.map((l) => ({
        id: -l.linkId,
        source: l.nodeId!,
        target: l.conceptId,
        relation: 'is-a',
        status: 'accepted' as const,
        stage: 'EE' as const,
        confidence: 1,
        edited: false,
      })),
    ],
  };
}

export function GraphView() {
  // Entering the view: a triple left in focus by Review is not this view's (unless "Show in graph" sent it).
  useState(takeGraphFocus);
  const theme = useResolvedTheme();
  const runner = useEditRunner();
  useUndoRedoShortcuts(runner);
  const shared = useSharedSelection();
  const status = useCall('app.status', {});
  const docs = useCall('documents.list', {});
  const saved = useCall('settings.get', { key: GRAPH_OPTIONS_KEY }, { staleTime: Infinity });
  const saveSetting = useCallMutation('settings.set');
  const options = useMemo(() => parseOptions(saved.data?.value), [saved.data]);
  const setOptions = (patch: Partial<GraphOptions>) => {
    const next = { ...options, ...patch };
    saveSetting.mutate({ key: GRAPH_OPTIONS_KEY, value: next }, { onSuccess: () => void saved.refetch() });
  };

  const [statuses, setStatuses] = useState<EdgeStatus[]>(['proposed', 'accepted', 'stale']);
  const [minConfidence, setMinConfidence] = useState<number | undefined>();
  // the default view shows the triples an editor likely keeps; the suggestions are one click away
  const { threshold, known: thresholdKnown } = usePrecisionThresholdSetting();
  const [precisionView, setPrecisionView] = useState<PrecisionView>('default');
  const [relation, setRelation] = useState('');
  const [type, setType] = useState('');
  const [document, setDocument] = useState<number | undefined>();
  const [search, setSearch] = useState<NodeChoice>({ label: '' });
  const [sel, setSel] = useState<CanvasSelection>({ nodes: [], edges: [] });
  const [dialog, setDialog] = useState<{ kind: 'merge'; nodes: MergeNode[] } | { kind: 'edit'; id: number; relation: string } | null>(null);
  const [ready, setReady] = useState<{ ms: number } | null>(null);
  const [bubblesReady, setBubblesReady] = useState(false);
  const cyRef = useRef<cytoscape.Core | null>(null);
  const seeds = shared.seeds;

  // What the drawing shows: the start nodes' neighbourhood; else an opened community's nodes; else
  // the overview (the communities, or the best-connected nodes).
  const [community, setCommunity] = useState<GraphCommunity | null>(null);
  const mode = seeds.length ? 'seeds' : community ? 'community' : options.overview === 'communities' ? 'communities' : 'nodes';
  const filters: CallInput<'graph.neighbourhood'>['filters'] = {
    statuses: statuses.length ? statuses : ['proposed', 'accepted'],
    ...(minConfidence !== undefined ? { minConfidence } : {}),
    ...precisionFilter(precisionView, threshold),
    ...(relation.trim() ? { relations: [relation.trim()] } : {}),
    ...(type.trim() ? { types: [type.trim()] } : {}),
    ...(document ? { document } : {}),
  };
  const input: CallInput<'graph.neighbourhood'> = {
    nodeIds: mode === 'community' ? community!.nodeIds.slice(0, 20_000) : seeds,
    depth: mode === 'community' ? 0 : options.depth,
    limit: options.limit,
    filters,
  };
  const hood = useCall('graph.neighbourhood', input, {
    enabled: saved.isFetched && thresholdKnown && mode !== 'communities',
    placeholderData: keepPreviousData,
    staleTime: 2000,
  });
  const communities = useCall(
    'graph.communities',
    { filters, limit: 60 },
    { enabled: saved.isFetched && thresholdKnown && mode === 'communities', placeholderData: keepPreviousData },
  );
  const bubbleColors = useMemo(
    () =>
      nodeColoring(
        (communities.data?.communities ?? []).map((c) => ({ id: c.id, kind: c.kind, type: c.type })),
        options.colorBy,
      ),
    [communities.data, options.colorBy],
  );
  // The concept layer: concept nodes and is-a links over the nodes on screen, drawn on request.
  const [showConcepts, setShowConcepts] = useState(false);
  const onScreen = hood.data?.nodes.filter((n) => n.kind !== 'concept').map((n) => n.id) ?? [];
  const layer = useCall(
    'concepts.layer',
    { nodeIds: onScreen.slice(0, 50_000), relations: [] },
    { enabled: showConcepts && onScreen.length > 0, placeholderData: keepPreviousData },
  );
  const data = useMemo(
    () => (mode === 'communities' ? undefined : withConceptLayer(hood.data, showConcepts ? layer.data : undefined)),
    [mode, hood.data, showConcepts, layer.data],
  );
  const legend = mode === 'communities' ? bubbleColors.legend : nodeColoring(data?.nodes ?? [], options.colorBy).legend;
  const nodesById = useMemo(() => new Map<number, GraphViewNode>((data?.nodes ?? []).map((n) => [n.id, n])), [data]);
  const edgesById = useMemo(() => new Map((data?.edges ?? []).map((e) => [e.id, e])), [data]);

  const onSelect = useCallback((s: CanvasSelection) => {
    setSel(s);
    updateSelection({ nodeIds: s.nodes, ...(s.edges.length === 1 ? { tripleId: s.edges[0] } : {}) });
  }, []);
  const expand = useCallback((id: number) => {
    const current = getSelection().seeds;
    if (!current.includes(id)) updateSelection({ seeds: [...current, id] });
  }, []);
  const onReady = useCallback((cy: cytoscape.Core, ms: number) => {
    cyRef.current = cy;
    setReady({ ms: Math.round(ms) });
    performance.mark('graph-ready');
  }, []);

  const addSeed = (c: NodeChoice) => {
    if (c.id === undefined) return setSearch(c);
    setSearch({ label: '' });
    if (!seeds.includes(c.id)) updateSelection({ seeds: [...seeds, c.id], nodeIds: [c.id] });
  };

  const selectedNodes = sel.nodes.map((id) => nodesById.get(id)).filter((n): n is GraphViewNode => !!n);
  const selectedEdges = sel.edges.filter((id) => id > 0 && edgesById.has(id));
  const act = {
    accept: () => selectedEdges.length && void runner.run('triples.accept', { ids: selectedEdges }),
    reject: () => selectedEdges.length && void runner.run('triples.reject', { ids: selectedEdges }),
    edit: () => {
      if (selectedEdges.length !== 1) return;
      const e = edgesById.get(selectedEdges[0])!;
      setDialog({ kind: 'edit', id: e.id, relation: e.relation });
    },
    merge: () => {
      if (selectedNodes.length < 2) return;
      setDialog({ kind: 'merge', nodes: selectedNodes.map((n) => ({ id: n.id, label: n.label, kind: n.kind })) });
    },
    expand: () => {
      const add = sel.nodes.filter((id) => !seeds.includes(id));
      if (add.length) updateSelection({ seeds: [...seeds, ...add] });
    },
  };
  const actRef = useRef(act);
  actRef.current = act;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (fromTextField(e) || e.ctrlKey || e.metaKey || e.altKey || globalThis.document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const k = e.key.toLowerCase();
      const run = { a: actRef.current.accept, r: actRef.current.reject, e: actRef.current.edit, m: actRef.current.merge, x: actRef.current.expand }[k];
      if (run) {
        e.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const exportPng = async () => {
    const cy = cyRef.current;
    if (!cy) return;
    const blob = (await cy.png({ output: 'blob-promise', full: true, scale: 2, bg: GRAPH_PALETTES[theme].background })) as Blob;
    downloadBlob(blob, 'graphwright-graph.png');
  };
  const exportSvg = () => {
    const cy = cyRef.current;
    if (!cy) return;
    downloadBlob(new Blob([graphToSvg(cy, { edgeLabels: cy.edges().length < 500 })], { type: 'image/svg+xml' }), 'graphwright-graph.svg');
  };

  const graphNodes = status.data ? status.data.nodes.entity + status.data.nodes.event + status.data.nodes.concept : null;
  const toggleStatus = (s: EdgeStatus) => setStatuses((l) => (l.includes(s) ? l.filter((x) => x !== s) : [...l, s]));
  const panelTriple = selectedEdges.length === 1 ? selectedEdges[0] : sel.nodes.length === 0 && sel.edges.length === 0 ? shared.tripleId : null;

  return (
    <section className="view graph-view" aria-labelledby="graph-title">
      <header className="view-header">
        <h1 id="graph-title">Graph</h1>
        {graphNodes !== null && (
          <span
            className="muted count-help"
            data-testid="graph-count"
            title="Entity, event and concept nodes in the store (passages not counted); the drawing shows the part the filters and the node limit leave (below it)."
          >
            {graphNodes} nodes
          </span>
        )}
        <span className="spacer" />
        <StatusLine runner={runner} />
        <label className="small muted">
          colour by
          <select aria-label="Colour nodes by" value={options.colorBy} onChange={(e) => setOptions({ colorBy: e.target.value as ColorBy })}>
            <option value="kind">kind</option>
            <option value="type">type</option>
          </select>
        </label>
        <label className="small muted">
          overview
          <select aria-label="Overview" value={options.overview} onChange={(e) => setOptions({ overview: e.target.value as GraphOptions['overview'] })}>
            <option value="communities">communities</option>
            <option value="nodes">best-connected nodes</option>
          </select>
        </label>
        <label className="small muted">
          <input type="checkbox" checked={showConcepts} onChange={(e) => setShowConcepts(e.target.checked)} /> Concept layer
        </label>
        <label className="small muted">
          <input type="checkbox" checked={options.webgl} onChange={(e) => setOptions({ webgl: e.target.checked })} /> WebGL renderer
        </label>
      </header>
      <div className="graph-filters" role="search" aria-label="Explore the graph">
        <NodeAutocomplete label="Find a node" value={search} onChange={addSeed} />
        <label>
          depth
          <select aria-label="Depth" value={options.depth} onChange={(e) => setOptions({ depth: Number(e.target.value) })}>
            {[0, 1, 2, 3, 4].map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label>
          at most
          <select aria-label="Node limit" value={options.limit} onChange={(e) => setOptions({ limit: Number(e.target.value) })}>
            {[...new Set([...LIMITS, options.limit])]
              .sort((a, b) => a - b)
              .map((l) => (
                <option key={l} value={l}>
                  {l.toLocaleString()} nodes
                </option>
              ))}
          </select>
        </label>
        {EdgeStatus.options.map((s) => (
          <label key={s}>
            <input type="checkbox" checked={statuses.includes(s)} onChange={() => toggleStatus(s)} aria-label={`Show ${s}`} /> {s}
          </label>
        ))}
        <label>
          confidence ≥
          <input
            type="number"
            aria-label="Minimum confidence"
            min={0}
            max={1}
            step={0.05}
            style={{ width: 64 }}
            value={minConfidence ?? ''}
            onChange={(e) => setMinConfidence(e.target.value === '' ? undefined : Math.min(1, Math.max(0, Number(e.target.value))))}
          />
        </label>
        <input
          type="text"
          aria-label="Relation filter"
          placeholder="relation"
          value={relation}
          onChange={(e) => setRelation(e.target.value)}
          style={{ width: 120 }}
        />
        <input type="text" aria-label="Type filter" placeholder="type" value={type} onChange={(e) => setType(e.target.value)} style={{ width: 90 }} />
        <select aria-label="Document filter" value={document ?? ''} onChange={(e) => setDocument(e.target.value ? Number(e.target.value) : undefined)}>
          <option value="">any document</option>
          {(docs.data ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.title}
            </option>
          ))}
        </select>
      </div>
      <PrecisionViewSwitch
        base={{ sort: 'id', desc: false, ...(document ? { document } : {}) }}
        threshold={threshold}
        view={precisionView}
        onChange={setPrecisionView}
      />
      <div className="graph-toolbar" role="toolbar" aria-label="Graph actions">
        <div className="seed-chips" aria-label="Start nodes">
          {mode === 'communities' && (
            <span className="muted small" data-testid="overview-note">
              Overview: the graph&apos;s communities
              {communities.data
                ? ` (${communities.data.communities.length + communities.data.more.communities} over ${communities.data.nodes.toLocaleString()} nodes)`
                : ''}
              , each named by its most central nodes; click one to open it
            </span>
          )}
          {mode === 'nodes' && (
            <span className="muted small" data-testid="overview-note">
              Overview: the {options.limit.toLocaleString()} best-connected nodes, labelled best first where they fit
            </span>
          )}
          {mode === 'community' && (
            <span className="seed-chip" data-testid="community-chip">
              Community: {communityName(community!)}
              <button type="button" aria-label="Close the community" onClick={() => setCommunity(null)}>
                ×
              </button>
            </span>
          )}
          {seeds.map((id) => (
            <span key={id} className="seed-chip">
              {nodesById.get(id)?.label ?? `#${id}`}
              <button
                type="button"
                aria-label={`Remove start node ${nodesById.get(id)?.label ?? id}`}
                onClick={() => updateSelection({ seeds: seeds.filter((s) => s !== id) })}
              >
                ×
              </button>
            </span>
          ))}
          {mode !== 'communities' && mode !== 'nodes' && (
            <button
              type="button"
              className="link small"
              onClick={() => {
                setCommunity(null);
                updateSelection({ seeds: [] });
              }}
            >
              Overview
            </button>
          )}
        </div>
        <span className="sep" />
        <button
          type="button"
          className="secondary small"
          disabled={!selectedEdges.length || runner.pending}
          onClick={act.accept}
          title="Accept the selected triples (A)"
        >
          Accept <kbd>A</kbd>
        </button>
        <button
          type="button"
          className="secondary small"
          disabled={!selectedEdges.length || runner.pending}
          onClick={act.reject}
          title="Reject the selected triples (R)"
        >
          Reject <kbd>R</kbd>
        </button>
        <button
          type="button"
          className="secondary small"
          disabled={selectedEdges.length !== 1}
          onClick={act.edit}
          title="Edit the selected triple's relation (E)"
        >
          Edit <kbd>E</kbd>
        </button>
        <button type="button" className="secondary small" disabled={selectedNodes.length < 2} onClick={act.merge} title="Merge the selected nodes (M)">
          Merge… <kbd>M</kbd>
        </button>
        <button
          type="button"
          className="secondary small"
          disabled={!sel.nodes.length}
          onClick={act.expand}
          title="Expand the selected nodes (X, or double-click)"
        >
          Expand <kbd>X</kbd>
        </button>
        <span className="sep" />
        <button type="button" className="secondary small" onClick={() => void runner.run('history.undo', {})} title="Undo (Ctrl+Z)">
          Undo
        </button>
        <button type="button" className="secondary small" onClick={() => void runner.run('history.redo', {})} title="Redo (Ctrl+Shift+Z)">
          Redo
        </button>
        <HistoryMenu runner={runner} />
        <span className="sep" />
        <button type="button" className="secondary small" onClick={() => cyRef.current && fitGraph(cyRef.current)}>
          Fit
        </button>
        <button type="button" className="secondary small" onClick={() => void exportPng()}>
          PNG
        </button>
        <button type="button" className="secondary small" onClick={exportSvg}>
          SVG
        </button>
      </div>
      <ErrorBox error={hood.error} />
      {showConcepts && layer.isSuccess && layer.data.concepts.length === 0 && (
        <div className="rv-inline muted small" role="status" data-testid="concept-hint">
          No concepts over these nodes yet: run conceptualisation in <a href="#/concepts">Concepts</a>, then the layer shows each node&apos;s concepts and their
          is-a links.
        </div>
      )}
      {graphNodes === 0 ? (
        <EmptyState title="The graph is empty" icon="graph">
          <p>Extract a graph from your documents, or import an existing one, to explore it here.</p>
        </EmptyState>
      ) : (
        <div className="graph-main">
          <div
            className="graph-canvas-wrap"
            data-state={
              mode === 'communities' ? (communities.isFetching || !bubblesReady ? 'loading' : 'ready') : hood.isFetching || !ready ? 'loading' : 'ready'
            }
            data-mode={mode}
            data-testid="graph-view"
          >
            {mode === 'communities' && communities.data && (
              <CommunityCanvas overview={communities.data} coloring={bubbleColors} onOpen={setCommunity} onReady={() => setBubblesReady(true)} />
            )}
            {data && (
              <GraphCanvas
                key={options.webgl ? 'webgl' : 'canvas'}
                data={data}
                seeds={seeds}
                overview={mode === 'nodes'}
                webgl={options.webgl}
                colorBy={options.colorBy}
                focusEdge={shared.tripleId}
                onSelect={onSelect}
                onExpand={expand}
                onReady={onReady}
              />
            )}
            <div className="graph-legend" data-testid="graph-legend" aria-label={`Colours: ${options.colorBy}`}>
              {legend.map((l) => (
                <span key={l.label} title={`${l.count} ${mode === 'communities' ? 'communities' : 'nodes'}`}>
                  <span className="legend-dot" style={{ background: l.color }} />
                  {l.label}
                </span>
              ))}
              {mode !== 'communities' && (
                <>
                  <span>– – proposed</span>
                  <span>—— accepted</span>
                  <span title="a newer edition of its document no longer holds its evidence">··· stale</span>
                </>
              )}
            </div>
            <div className="graph-overlay" data-testid="graph-stats">
              {mode === 'communities'
                ? communities.data
                  ? `${communities.data.communities.length} communities shown${communities.data.more.communities ? ` (${communities.data.more.communities} smaller ones not)` : ''} · ${communities.data.triples.toLocaleString()} triples`
                  : 'Loading…'
                : data
                  ? `${data.nodes.length} nodes · ${data.edges.length} edges${data.truncated ? ' (limited)' : ''}`
                  : 'Loading…'}
              {mode !== 'communities' && ready ? ` · drawn in ${ready.ms} ms` : ''}
            </div>
          </div>
          <div className="graph-side">
            {panelTriple !== null && <EvidencePanel tripleId={panelTriple} runner={runner} />}
            {selectedNodes.slice(0, 4).map((n) => (
              <div key={n.id} className="panel">
                <EntityCard id={n.id} role={n.kind} runner={runner} />
              </div>
            ))}
            {mode === 'communities' && communities.data && (
              <section className="panel community-list" aria-label="Communities">
                <h2 className="small">Communities, largest first</h2>
                <ol>
                  {communities.data.communities.slice(0, 30).map((c) => (
                    <li key={c.id}>
                      <button type="button" className="link" onClick={() => setCommunity(c)} aria-label={`Open community ${communityName(c)}`}>
                        {communityName(c)}
                      </button>{' '}
                      <span className="muted small">
                        {c.nodeIds.length} nodes · {c.triples} triples
                      </span>
                    </li>
                  ))}
                </ol>
              </section>
            )}
            {mode !== 'communities' && panelTriple === null && selectedNodes.length === 0 && (
              <div className="panel muted small">
                <p>Click a node or an edge to select it; Shift+click or drag with Shift to select more. Double-click a node to expand its neighbours.</p>
                <p>Find a node above to start from it. Select two or more nodes and press M to merge them.</p>
              </div>
            )}
          </div>
        </div>
      )}
      {dialog?.kind === 'merge' && (
        <MergeDialog initial={dialog.nodes} runner={runner} onClose={() => setDialog(null)} onMerged={(id) => updateSelection({ nodeIds: [id] })} />
      )}
      {dialog?.kind === 'edit' && <EditRelationDialog id={dialog.id} relation={dialog.relation} runner={runner} onClose={() => setDialog(null)} />}
    </section>
  );
}
