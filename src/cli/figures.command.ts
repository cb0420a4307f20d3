import { ProgrammeFiguresService, toFiguresDto, type FigureGranularity } from '../modules/programme-figures';
import { withAdminSession } from './admin-session';
import { CliIo } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

interface FiguresOptions extends JsonOption {
  from: string;
  to: string;
  granularity?: FigureGranularity;
  store?: string;
}

/** `tessera figures`: the programme's figures per period, as the operator API's dashboards read them. */
export const figuresCommand = cliCommand({
  show: async (_args: string[], options: FiguresOptions, io: CliIo) => {
    const figures = toFiguresDto(
      await withAdminSession(io, ({ context }) =>
        context
          .get(ProgrammeFiguresService)
          .figures({ from: options.from, to: options.to, granularity: options.granularity ?? 'day', storeId: options.store }),
      ),
    );
    if (options.json) {
      io.stdout(`${JSON.stringify(figures)}\n`);
      return 0;
    }
    const columns = [
      'PERIOD',
      'NEW',
      'ACTIVE',
      'PURCHASES',
      'TURNOVER',
      'POINTS EARNED',
      'SPENT',
      'EXPIRED',
      'LIABILITY',
      'VOUCHERS ISSUED',
      'USED',
    ];
    const rows = figures.periods.map((p) => [
      p.period,
      String(p.new_customers),
      String(p.active_customers),
      String(p.purchases),
      p.turnover,
      p.points_earned,
      p.points_spent,
      p.points_expired,
      p.liability,
      String(p.vouchers_issued),
      String(p.vouchers_used),
    ]);
    io.stdout(formatRows(columns, rows, false, io.terminalColumns));
    io.stdout(`Active customers over the whole range, each once: ${figures.active_customers}\n`);
    io.stdout(`As of the rollup at ${figures.rolled_up_to ?? 'never (the worker has not run yet)'}\n`);
    return 0;
  },
});
