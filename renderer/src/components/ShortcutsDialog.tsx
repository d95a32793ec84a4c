import { Dialog } from './Dialog';
import { VIEWS } from './Rail';

/** The keys the app answers to, by where they work. */
const SHORTCUTS: { area: string; keys: [string, string][] }[] = [
  {
    area: 'Anywhere',
    keys: [
      ['?', 'Show this list'],
      ['Esc', 'Close the dialog, popover or document viewer'],
      ...VIEWS.map((v): [string, string] => [`Alt+${v.key}`, `Open ${v.label}`]),
      ['Ctrl+Z / Ctrl+Shift+Z', 'Undo / redo the last edit (outside text fields)'],
    ],
  },
  {
    area: 'Review table',
    keys: [
      ['↑ ↓ PgUp PgDn Home End', 'Move through the rows'],
      ['Shift+↑ ↓', 'Extend the selection'],
      ['Space', 'Select or unselect the row'],
      ['Ctrl+A', 'Select the rows the filter shows'],
      ['A / R', 'Accept / reject (the selection, else the row); once saved, move to the next row (a failed write stays on the row and says why)'],
      ['E or F2', 'Edit the row inline (Enter saves, Esc cancels)'],
      ['N', 'Add a triple'],
      ['M', "Merge entities: the nodes selected on the entity cards, else the active triple's subject"],
      ['G', 'Show the triple in the graph'],
      ['Esc', 'Clear the selection'],
    ],
  },
  {
    area: 'Graph',
    keys: [
      ['A / R', 'Accept / reject the selected edges'],
      ['E', 'Edit the selected edge'],
      ['M', 'Merge the selected nodes'],
      ['X or double-click', 'Expand the selected nodes'],
      ['Shift+click, Shift+drag', 'Select more'],
    ],
  },
  {
    area: 'Dialogs',
    keys: [
      ['Enter', 'Confirm'],
      ['Tab', 'Move between fields (the focus stays in the dialog)'],
    ],
  },
];

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} wide>
      <div className="shortcuts" data-testid="shortcuts">
        {SHORTCUTS.map((g) => (
          <section key={g.area}>
            <h3>{g.area}</h3>
            <dl>
              {g.keys.map(([k, what]) => (
                <div key={`${g.area}-${k}`} className="shortcut">
                  <dt>
                    <kbd>{k}</kbd>
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
