import { navigate } from '../router.js';

/** The tabs of a section (Alerts, Security, Admin): links, so each view has its own URL. */
export function SubNav({ label, items, current }: { label: string; items: readonly (readonly [string, string])[]; current: string }) {
  return (
    <nav className="sub-nav" aria-label={label}>
      {items.map(([href, text]) => (
        <a
          key={href}
          href={href}
          aria-current={current === href ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            navigate(href);
          }}
        >
          {text}
        </a>
      ))}
    </nav>
  );
}

/** An in-app link that moves without reloading the page. */
export function AppLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
