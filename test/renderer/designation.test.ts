import { describe, expect, it } from 'vitest';
import { documentCell } from '../../renderer/src/features/review/designation';

const row = (documentTitle: string | null, clause?: { clause: string; section: string | null; heading: string }) => ({
  documentTitle,
  provenance: clause ? [clause] : [],
});

describe("the Review table's Document column", () => {
  it("shows a standard's designation and clause number, the title and heading in its tooltip", () => {
    const cell = documentCell(
      row('IEEE 802.1X Remote Authentication Dial In User Service (RADIUS) Usage Guidelines', {
        clause: 'RFC 3580 §3.1 User-Name',
        section: '3.1',
        heading: 'User-Name',
      }),
    );
    expect(cell).toEqual({
      text: 'RFC 3580 §3.1',
      title: 'IEEE 802.1X Remote Authentication Dial In User Service (RADIUS) Usage Guidelines — RFC 3580 §3.1 User-Name',
    });
  });

  it('an unnumbered section gives the designation alone; a document with no designation keeps its title, with the section number', () => {
    expect(documentCell(row('Some RFC', { clause: 'RFC 3580 Introduction', section: null, heading: 'Introduction' })).text).toBe('RFC 3580');
    expect(documentCell(row('A chunking study', { clause: '§4.2 Results', section: '4.2', heading: 'Results' })).text).toBe('A chunking study §4.2');
    expect(documentCell(row('A chunking study', { clause: 'Abstract', section: null, heading: 'Abstract' })).text).toBe('A chunking study');
  });

  it('evidence outside any section, or none, shows the title or a dash', () => {
    expect(documentCell(row('Notes'))).toEqual({ text: 'Notes', title: 'Notes' });
    expect(documentCell(row(null)).text).toBe('—');
  });
});
