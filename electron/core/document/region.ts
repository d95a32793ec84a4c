// A boilerplate region of a document (front matter, copyright, table of contents, running heads …):
// its own file so that the finders of regions (boilerplate.ts, toc.ts) and structure.ts share the
// type without importing one another.

export type RegionKind =
  'front-matter' | 'status' | 'copyright' | 'ipr' | 'toc' | 'authors' | 'page-header' | 'page-footer' | 'references' | 'acknowledgements';

export interface Region {
  kind: RegionKind;
  start: number;
  end: number;
}
