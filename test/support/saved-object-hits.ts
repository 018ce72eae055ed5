/** Hits in the shapes the Terraform provider's examples import: unknown keys, `_type` or not, legacy members. */
export function searchHit(id: string, title: string): Record<string, unknown> {
  return {
    _index: 'logzioCustomerIndex*',
    _id: `search:${id}`,
    _score: 0.87,
    _source: {
      search: {
        hits: 0,
        columns: ['message', 'host'],
        description: 'from terraform',
        sort: ['@timestamp', 'desc'],
        id,
        title,
        version: 1,
        _updatedAt: 1561454443631,
        kibanaSavedObjectMeta: {
          searchSourceJSON: '{"filter":[],"query":{"query":"type: checkout","language":"lucene"},"highlightAll":true}',
        },
        panelsJSON: '[]',
      },
      type: 'search',
      updated_at: 1561454443631,
      references: [{ name: 'kibanaSavedObjectMeta.searchSourceJSON.index', type: 'index-pattern', id: 'logzioCustomerIndex*' }],
      id,
    },
  };
}

export function visualizationHit(id: string, searchId: string): Record<string, unknown> {
  return {
    _index: 'logzioCustomerIndex*',
    _type: '_doc',
    _id: `visualization:${id}`,
    _score: 1.5,
    _source: {
      visualization: {
        description: '',
        id,
        title: `vis ${id}`,
        version: 1,
        kibanaSavedObjectMeta: { searchSourceJSON: '{"filter":[]}' },
        visState: '{"type":"histogram","params":{},"aggs":[{"id":"1","type":"count","schema":"metric","params":{}}]}',
        savedSearchRefName: 'search_0',
      },
      type: 'visualization',
      references: [{ name: 'search_0', type: 'search', id: searchId }],
      id,
    },
  };
}

export function dashboardHit(id: string, visualizationIds: readonly string[]): Record<string, unknown> {
  return {
    _index: 'logzioCustomerIndex*',
    _type: '_doc',
    _id: `dashboard:${id}`,
    _score: 2.25,
    _source: {
      type: 'dashboard',
      references: visualizationIds.map((v, i) => ({ name: `panel_${i}`, type: 'visualization', id: v })),
      dashboard: {
        hits: 0,
        description: '',
        id,
        timeRestore: false,
        version: 1,
        panelsJSON: JSON.stringify(visualizationIds.map((_, i) => ({ panelIndex: `${i + 1}`, panelRefName: `panel_${i}` }))),
        optionsJSON: '{"darkTheme":false}',
        kibanaSavedObjectMeta: { searchSourceJSON: '{"filter":[],"query":{"query":"*","language":"lucene"}}' },
        title: `board ${id}`,
        _logzioOriginalAppId: 1234,
      },
      id,
    },
  };
}
