// fcose layout of a large graph off the main thread: a headless Cytoscape in a worker takes the nodes
// (with their drawn size) and edges, and answers with the positions, so the view never freezes while
// thousands of nodes are placed.
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';
import type { LayoutRequest, LayoutResponse } from './layoutWorkerTypes';

cytoscape.use(fcose);

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<LayoutRequest>) => void) | null;
  postMessage(message: LayoutResponse, transfer: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, nodes, sizes, edges } = e.data;
  try {
    const elements: cytoscape.ElementDefinition[] = [];
    for (let i = 0; i < nodes.length; i++) elements.push({ data: { id: nodes[i], size: sizes[i] } });
    for (let i = 0; i < edges.length; i += 2) elements.push({ data: { id: `x${i}`, source: nodes[edges[i]], target: nodes[edges[i + 1]] } });
    const cy = cytoscape({ headless: true, styleEnabled: true, style: [{ selector: 'node', style: { width: 'data(size)', height: 'data(size)' } }], elements });
    cy.layout({
      name: 'fcose',
      quality: nodes.length > 1500 ? 'draft' : 'default',
      randomize: true,
      animate: false,
      fit: false,
      nodeRepulsion: 6000,
      idealEdgeLength: 70,
      // Packing the components costs seconds on 10,000 nodes.
      packComponents: nodes.length < 5000,
    } as cytoscape.LayoutOptions).run();
    const index = new Map(nodes.map((n, i) => [n, i]));
    const positions = new Float64Array(nodes.length * 2);
    cy.nodes().forEach((n) => {
      const i = index.get(n.id())!;
      const p = n.position();
      positions[2 * i] = p.x;
      positions[2 * i + 1] = p.y;
    });
    cy.destroy();
    scope.postMessage({ id, positions }, [positions.buffer]);
  } catch (err) {
    scope.postMessage({ id, error: String((err as Error)?.message ?? err) }, []);
  }
};
