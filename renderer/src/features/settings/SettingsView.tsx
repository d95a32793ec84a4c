import { useCall } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import { EndpointsSection } from './EndpointsSection';
import { FoldersSection } from './FoldersSection';
import { ReviewSection } from './ReviewSection';
import { ThemeSection } from './ThemeSection';

export function SettingsView() {
  const info = useCall('app.info', {});
  return (
    <section className="view" aria-labelledby="settings-title">
      <header className="view-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      <ErrorBox error={info.error} />
      {info.data && (
        <dl className="facts">
          <dt>Version</dt>
          <dd>{info.data.version}</dd>
          <dt>Database</dt>
          <dd data-testid="db-path">{info.data.dbPath}</dd>
          <dt>Data folder</dt>
          <dd>{info.data.dataDir}</dd>
          <dt>Running in</dt>
          <dd>{info.data.host === 'electron' ? 'Desktop app' : 'Browser (headless host)'}</dd>
        </dl>
      )}
      <ThemeSection />
      <ReviewSection />
      <FoldersSection />
      <EndpointsSection />
    </section>
  );
}
