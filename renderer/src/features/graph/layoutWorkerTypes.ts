/** What the layout worker is asked: node ids, their drawn sizes, edges as pairs of node indexes. */
export interface LayoutRequest {
  id: number;
  nodes: string[];
  sizes: number[];
  edges: Uint32Array;
}

/** Its answer: x, y of each node in request order, or why it could not. */
export interface LayoutResponse {
  id: number;
  positions?: Float64Array;
  error?: string;
}
