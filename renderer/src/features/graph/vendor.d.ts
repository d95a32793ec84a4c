// Type declarations for the two Cytoscape add-ons that ship without them.
declare module 'react-cytoscapejs' {
  import type { Component, CSSProperties } from 'react';
  import type cytoscape from 'cytoscape';

  export interface CytoscapeComponentProps {
    elements: cytoscape.ElementDefinition[];
    stylesheet?: cytoscape.StylesheetStyle[];
    layout?: cytoscape.LayoutOptions;
    cy?: (cy: cytoscape.Core) => void;
    style?: CSSProperties;
    className?: string;
    id?: string;
    headless?: boolean;
    styleEnabled?: boolean;
    hideEdgesOnViewport?: boolean;
    textureOnViewport?: boolean;
    motionBlur?: boolean;
    motionBlurOpacity?: number;
    wheelSensitivity?: number;
    pixelRatio?: number | 'auto';
    minZoom?: number;
    maxZoom?: number;
    boxSelectionEnabled?: boolean;
    autoungrabify?: boolean;
    autounselectify?: boolean;
    /** Decides whether two prop values differ (default: a shallow object diff that always patches elements). */
    diff?: (a: unknown, b: unknown) => boolean;
  }

  export default class CytoscapeComponent extends Component<CytoscapeComponentProps> {}
}

declare module 'cytoscape-fcose' {
  import type cytoscape from 'cytoscape';
  const fcose: cytoscape.Ext;
  export default fcose;
}
