import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../api.js';
import { messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import type { MitreCoverage } from './security-model.js';
import { AccountKindNotice } from './AccountKindNotice.js';

/** ATT&CK tactics as columns, their techniques below; a covered technique names the enabled rules covering it. */
export function MitreMatrix() {
  usePageTitle('MITRE ATT&CK coverage');
  const coverage = useQuery({
    queryKey: ['mitre'],
    queryFn: ({ signal }) => api<MitreCoverage>('GET', '/v2/security/mitre-coverage', undefined, signal),
  });
  if (coverage.error instanceof ApiError && coverage.error.status === 403) return <AccountKindNotice kind="security" />;
  return (
    <section aria-labelledby="mitre-title">
      <div className="page-head">
        <h1 id="mitre-title">MITRE ATT&CK coverage of the enabled rules</h1>
      </div>
      {coverage.isError ? (
        <p className="error" role="alert">
          {messageOf(coverage.error)}
        </p>
      ) : coverage.data === undefined ? (
        <p className="spinner" role="status">
          Loading…
        </p>
      ) : (
        <div className="mitre">
          {coverage.data.tactics.map((tactic) => (
            <section key={tactic.id} className="tactic" aria-labelledby={`tactic-${tactic.id}`}>
              <h2 id={`tactic-${tactic.id}`}>
                <a href={tactic.url} target="_blank" rel="noreferrer">
                  {tactic.name}
                </a>
                <span className="muted">
                  {' '}
                  {tactic.techniquesCovered}/{tactic.techniquesTotal}
                </span>
              </h2>
              <ul>
                {tactic.techniques.map((technique) => (
                  <li key={technique.id} className={technique.rules.length > 0 ? 'covered' : undefined}>
                    <span title={technique.rules.map((rule) => rule.title).join('\n')}>
                      {technique.id} {technique.name}
                    </span>
                    {technique.rules.length > 0 && <span className="badge">{technique.rules.length}</span>}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
