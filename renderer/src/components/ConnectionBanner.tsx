import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Connection, ConnectionState } from '../api/client';
import { useApi } from '../api/hooks';

const CONNECTED: ConnectionState = { state: 'connected' };
const never = () => () => {};

/** "Disconnected — reconnecting" while the headless host is gone; nothing while it answers. */
export function ConnectionBanner() {
  const connection: Connection | undefined = useApi().connection;
  const state = useSyncExternalStore(connection?.subscribe ?? never, connection?.get ?? (() => CONNECTED));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state.state !== 'reconnecting') return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [state]);
  if (!connection || state.state === 'connected') return null;
  if (state.state === 'refused') {
    return (
      <div className="connection-banner" role="alert" data-testid="connection-banner">
        <strong>Disconnected</strong> — {state.message}.
      </div>
    );
  }
  const seconds = Math.max(0, Math.ceil((state.nextTryAt - now) / 1000));
  return (
    <div className="connection-banner" role="alert" data-testid="connection-banner">
      <strong>Disconnected — reconnecting</strong>
      <span className="muted-on-dark">{seconds > 0 ? ` next try in ${seconds} s` : ' trying…'}</span>
      <button type="button" onClick={() => connection.retryNow()}>
        Retry now
      </button>
    </div>
  );
}
