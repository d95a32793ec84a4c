import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

interface ComboOption {
  key: string;
  label: string;
  detail?: ReactNode;
}

/**
 * A text field with a list of suggestions (ARIA combobox): typing filters, arrows move, Enter or a
 * click picks. The caller owns the text and the options (load them from the query text).
 */
export function Combobox({
  label,
  value,
  onChange,
  options,
  onPick,
  placeholder,
  autoFocus,
  onKeyDown,
  className,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  options: ComboOption[];
  onPick: (o: ComboOption) => void;
  placeholder?: string;
  autoFocus?: boolean;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  className?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = open && options.length > 0;
  const input = useRef<HTMLInputElement>(null);
  // Inside a dialog the list is placed on the screen (fixed), so the dialog's scrolling body does not
  // clip it; above the field when there is more room there.
  const [place, setPlace] = useState<CSSProperties | undefined>();
  useLayoutEffect(() => {
    const el = input.current;
    if (!shown || !el?.closest('.dialog')) return setPlace(undefined);
    const update = () => {
      const r = el.getBoundingClientRect();
      const below = window.innerHeight - r.bottom - 8;
      const above = r.top - 8;
      const up = below < 200 && above > below;
      setPlace({
        position: 'fixed',
        left: r.left,
        width: Math.max(r.width, 240),
        right: 'auto',
        ...(up
          ? { bottom: window.innerHeight - r.top + 2, top: 'auto', maxHeight: Math.min(260, above) }
          : { top: r.bottom + 2, maxHeight: Math.min(260, below) }),
      });
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [shown, options.length]);
  const pick = (o: ComboOption) => {
    onPick(o);
    setOpen(false);
  };
  return (
    <div className={`combobox ${className ?? ''}`}>
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={shown ? `${id}-${active}` : undefined}
        value={value}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (shown && e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, options.length - 1));
            return;
          }
          if (shown && e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
            return;
          }
          if (shown && e.key === 'Enter' && options[active]) {
            e.preventDefault();
            e.stopPropagation();
            pick(options[active]);
            return;
          }
          if (shown && e.key === 'Escape') {
            e.stopPropagation();
            setOpen(false);
            return;
          }
          onKeyDown?.(e);
        }}
      />
      {shown && (
        <ul className="combobox-list" role="listbox" id={`${id}-list`} aria-label={`${label} suggestions`} style={place}>
          {options.map((o, i) => (
            <li
              key={o.key}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
            >
              <span>{o.label}</span>
              {o.detail && <span className="muted combobox-detail">{o.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
