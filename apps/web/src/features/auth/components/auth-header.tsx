import '../auth.css';

export function AuthHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="auth-header">
      <h2 className="auth-header__title">{title}</h2>
      {subtitle ? <p className="auth-header__subtitle">{subtitle}</p> : null}
    </div>
  );
}
