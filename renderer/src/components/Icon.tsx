// Line icons drawn inline (no icon font, no remote content: the CSP allows neither).
const PATHS: Record<string, string> = {
  documents: 'M6 2h9l5 5v15H6z M15 2v5h5 M9 12h8 M9 16h8',
  review: 'M4 12l5 5L20 6',
  graph:
    'M6 6m-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0 M18 8m-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0 M10 18m-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0 M8.3 7l7.4 0.8 M7 8.3l2 7.3 M16.5 10l-4.8 6.3',
  chat: 'M4 5h16v11H9l-5 4z',
  export: 'M12 3v12 M7 8l5-5 5 5 M4 15v5h16v-5',
  models: 'M7 7h10v10H7z M10 2v5 M14 2v5 M10 17v5 M14 17v5 M2 10h5 M2 14h5 M17 10h5 M17 14h5',
  settings: 'M4 6h16 M4 12h16 M4 18h16 M8 4v4 M15 10v4 M10 16v4',
  concepts: 'M9 3h6v4H9z M3 17h6v4H3z M15 17h6v4h-6z M12 7v5 M6 17v-5h12v5',
  schema: 'M4 4h16v16H4z M4 9h16 M10 9v11',
  evaluation: 'M4 20V4 M4 20h16 M8 16l4-5 3 3 5-7',
  brand: 'M12 2l9 5v10l-9 5-9-5V7z M12 7l4.5 2.5v5L12 17l-4.5-2.5v-5z',
  drop: 'M12 3v12 M7 10l5 5 5-5 M4 17v3h16v-3',
};

export function Icon({ name, size = 20, className }: { name: keyof typeof PATHS | string; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name] ?? PATHS.brand} />
    </svg>
  );
}
