// Label widths as Cytoscape draws them (its default font, bold: a little wide for the plain ones).
let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

export function measureLabel(text: string, px: number): number {
  const key = `${px}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  context ??= document.createElement('canvas').getContext('2d');
  let w = text.length * px * 0.6;
  if (context) {
    context.font = `bold ${px}px "Helvetica Neue", Helvetica, sans-serif`;
    w = context.measureText(text).width;
  }
  if (widths.size > 20_000) widths.clear();
  widths.set(key, w);
  return w;
}
