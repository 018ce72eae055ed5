/** What a 403 on these pages means: a security page opened in a Logs account (or the reverse), or a role that may not. */
export function AccountKindNotice({ kind }: { kind: 'security' | 'logs' }) {
  return (
    <p className="notice" role="alert">
      {kind === 'security'
        ? 'Rules and security events belong to a security account. Switch to it with Account in the header.'
        : 'Lookup lists belong to a Logs account (the main account or a sub account). Switch to it with Account in the header.'}
    </p>
  );
}
