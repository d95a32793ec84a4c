// An empty Schema view offers the starter schema for technical standards; one click imports its ten
// entity types, which then stand in the Entity types table (at a desktop and a laptop width).
import { test, expect, openView } from './fixtures';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`at ${viewport.width}×${viewport.height}: the starter schema for standards is offered on an empty schema and imported in one click`, async ({ app }) => {
    await app.setViewportSize(viewport);
    await openView(app, 'Schema');
    const offer = app.getByTestId('starter-schema');
    await expect(offer).toContainText('Document, Clause, Requirement, Attribute, Message, Parameter, Protocol, Role, Value, Unit');
    const start = offer.getByRole('button', { name: 'Start from the schema for technical standards' });
    await expect(start).toBeInViewport();
    await start.click();
    const table = app.getByRole('table', { name: 'Entity types' });
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(table).toContainText('Role');
    await expect(table).toContainText('server');
    await expect(app.getByTestId('starter-schema')).toHaveCount(0);
  });
}
