import { AppError } from '../../shared/app-error.js';

export const insightErrors = {
  windowReversed: (startDate: number, endDate: number) =>
    new AppError('invalid_argument', `body.startDate ${startDate} is after body.endDate ${endDate}`, {
      wireCode: 'insights/INVALID_TIME_RANGE',
      parameters: { field: 'body.startDate', rule: 'before endDate' },
    }),
};
