import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isValidHeaderString, parseHeaderString, renderBodyTemplate } from './body-template.js';
import type { NotificationMessage } from './notification-message.js';

const message: NotificationMessage = {
  eventId: 'e-1',
  source: { kind: 'alert', id: 7, title: 'Errors' },
  description: 'Too many',
  severity: 'HIGH',
  tags: ['prod'],
  groupBy: { host: 'web-1' },
  value: 12,
  threshold: 10,
  windowStartMs: Date.UTC(2026, 0, 1, 0, 0),
  windowEndMs: Date.UTC(2026, 0, 1, 0, 5),
  eventDateMs: Date.UTC(2026, 0, 1, 0, 6),
  samples: [{ message: 'boom' }],
  isTest: false,
};

describe('custom webhook body templates', () => {
  it('keeps JSON types for whole placeholders and interpolates inside strings', () => {
    const rendered = renderBodyTemplate(
      {
        subject: 'Alert: {{alert_title}} ({{alert_severity}})',
        value: '{{alert_value}}',
        samples: '{{alert_event_samples}}',
        nested: ['{{ alert_tags }}', 3, null],
        unknown: '{{nope}}',
      },
      message,
    );
    assert.deepEqual(rendered, {
      subject: 'Alert: Errors (HIGH)',
      value: 12,
      samples: [{ message: 'boom' }],
      nested: [['prod'], 3, null],
      unknown: '{{nope}}',
    });
  });

  it('parses the key=value header string of the custom type', () => {
    assert.deepEqual(parseHeaderString('authKey=6e30-60a9-3591, X-Env=prod,'), { authKey: '6e30-60a9-3591', 'X-Env': 'prod' });
    assert.deepEqual(parseHeaderString('a=b=c'), { a: 'b=c' });
    assert.equal(isValidHeaderString(''), true);
    assert.equal(isValidHeaderString('a=1,b=2'), true);
    assert.equal(isValidHeaderString('novalue'), false);
    assert.equal(isValidHeaderString('bad key=1'), false);
  });
});
