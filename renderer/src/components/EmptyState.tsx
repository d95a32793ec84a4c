import type { ReactNode } from 'react';
import { Icon } from './Icon';

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: string }) {
  return (
    <div className="empty-state" role="status">
      {icon && (
        <div className="empty-icon">
          <Icon name={icon} size={44} />
        </div>
      )}
      <h2>{title}</h2>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}

export function ErrorBox({ error }: { error: Error | null | undefined }) {
  if (!error) return null;
  return (
    <div className="error-box" role="alert">
      {error.message}
    </div>
  );
}
