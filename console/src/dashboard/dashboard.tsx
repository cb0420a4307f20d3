import { Box, Card, CardContent, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Title, useGetIdentity, useGetList, useGetMany, useLocaleState, useTranslate } from 'react-admin';
import type { EChartsOption } from 'echarts';
import { operatorRequest } from '../api/operator-client';
import { usePermitted } from '../layout/use-permitted';

interface Period {
  period: string;
  new_customers: number;
  active_customers: number;
  purchases: number;
  turnover: string;
  points_earned: string;
  points_spent: string;
  points_outstanding: string;
  liability: string;
  vouchers_issued: number;
  vouchers_used: number;
}

interface Figures {
  rolled_up_to: string | null;
  /** Over the whole range, each customer once: not a sum of the periods'. */
  active_customers: number;
  periods: Period[];
  snapshot: { statuses: { status_id: string; customers: number }[]; segments: { segment_id: string; customers: number }[] };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** One chart; echarts loads with the first chart drawn, not with the console. */
function Chart({ option, label }: { option: EChartsOption; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void import('./charts').then(({ init }) => {
      if (disposed || !element.current) return;
      const chart = init(element.current, undefined, { renderer: 'svg' });
      chart.setOption(option);
      dispose = () => chart.dispose();
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [option]);
  return <Box ref={element} role="img" aria-label={label} sx={{ height: 280 }} />;
}

function Figure({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" aria-label={label}>
            {value}
          </Typography>
          {detail && (
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}

const sum = (periods: Period[], key: keyof Period) => periods.reduce((total, period) => total + Number(period[key]), 0);

/** The programme's figures (`GET /figures`) for a period and a store: totals, their course and the sizes of statuses and segments. */
function ProgrammeFigures() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // Points are decimals in the API (a fraction of a point is kept): shown with at most two places.
  const points = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const [from, setFrom] = useState(isoDay(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(isoDay(new Date()));
  const [granularity, setGranularity] = useState('day');
  const [storeId, setStoreId] = useState('');
  const readsDefinitions = usePermitted('definitions:read');
  const { data: stores = [] } = useGetList(
    'stores',
    { pagination: { page: 1, perPage: 100 }, filter: { state: 1 } },
    { enabled: readsDefinitions },
  );
  const { data: figures } = useQuery({
    queryKey: ['figures', from, to, granularity, storeId],
    queryFn: async () =>
      (
        await operatorRequest<{ data: Figures }>('GET', '/figures', {
          query: { from, to, granularity, store_id: storeId === '' ? undefined : storeId },
        })
      ).data,
  });
  // Customers without a status are counted under no status id; the chart names sizes, so it leaves them out.
  const statusSizes = (figures?.snapshot.statuses ?? []).filter((status) => status.status_id);
  const segmentSizes = figures?.snapshot.segments ?? [];
  const statusIds = statusSizes.map((status) => status.status_id);
  const segmentIds = segmentSizes.map((segment) => segment.segment_id);
  const { data: statuses = [] } = useGetMany('statuses', { ids: statusIds }, { enabled: readsDefinitions && statusIds.length > 0 });
  const { data: segments = [] } = useGetMany('segments', { ids: segmentIds }, { enabled: readsDefinitions && segmentIds.length > 0 });
  const periods = figures?.periods ?? [];
  const last = periods.at(-1);
  const named = (records: { id: unknown; name?: string }[], id: string) => records.find((record) => record.id === id)?.name ?? id;
  const label = (key: string) => translate(`console.dashboard.figures.${key}`);
  const course: EChartsOption = {
    tooltip: { trigger: 'axis' },
    legend: {},
    xAxis: { type: 'category', data: periods.map((period) => period.period) },
    yAxis: [{ type: 'value' }, { type: 'value' }],
    series: [
      { name: label('turnover'), type: 'bar', data: periods.map((period) => Number(period.turnover)) },
      { name: label('purchases'), type: 'line', yAxisIndex: 1, data: periods.map((period) => period.purchases) },
    ],
  };
  const sizes: EChartsOption = {
    tooltip: {},
    grid: { containLabel: true },
    xAxis: { type: 'value' },
    yAxis: {
      type: 'category',
      data: [
        ...statusSizes.map((status) => named(statuses, status.status_id)),
        ...segmentSizes.map((segment) => named(segments, segment.segment_id)),
      ],
    },
    series: [
      {
        type: 'bar',
        data: [...statusSizes, ...segmentSizes].map((size) => size.customers),
      },
    ],
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', my: 2 }}>
        <TextField
          fullWidth={false}
          type="date"
          label={label('from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          InputLabelProps={{ shrink: true }}
        />
        <TextField
          fullWidth={false}
          type="date"
          label={label('to')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          InputLabelProps={{ shrink: true }}
        />
        <TextField
          fullWidth={false}
          select
          label={label('granularity')}
          value={granularity}
          onChange={(event) => setGranularity(event.target.value)}
          sx={{ minWidth: 140 }}
        >
          {['day', 'week', 'month'].map((value) => (
            <MenuItem key={value} value={value}>
              {label(value)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          select
          label={label('store')}
          value={storeId}
          onChange={(event) => setStoreId(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{label('every_store')}</MenuItem>
          {stores.map((store) => (
            <MenuItem key={String(store.id)} value={String(store.id)}>
              {String(store.name)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {figures?.rolled_up_to
          ? translate('console.dashboard.rolled_up_to', { time: new Date(figures.rolled_up_to).toLocaleString() })
          : ''}
      </Typography>
      <Grid container spacing={2}>
        <Figure label={label('new_customers')} value={sum(periods, 'new_customers')} />
        <Figure label={label('active_customers')} value={figures?.active_customers ?? 0} />
        <Figure label={label('purchases')} value={sum(periods, 'purchases')} />
        <Figure label={label('turnover')} value={sum(periods, 'turnover').toFixed(2)} />
        <Figure label={label('points_earned')} value={points.format(sum(periods, 'points_earned'))} />
        <Figure label={label('points_spent')} value={points.format(sum(periods, 'points_spent'))} />
        <Figure
          label={label('liability')}
          value={points.format(Number(last?.points_outstanding ?? 0))}
          detail={translate('console.dashboard.liability_worth', { money: Number(last?.liability ?? 0).toFixed(2) })}
        />
        <Figure label={label('vouchers')} value={`${sum(periods, 'vouchers_issued')} / ${sum(periods, 'vouchers_used')}`} />
      </Grid>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Chart option={course} label={label('course')} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Chart option={sizes} label={label('sizes')} />
        </Grid>
      </Grid>
    </Box>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const seesFigures = usePermitted('figures:read');
  return (
    <Card>
      <Title title={translate('console.menu.dashboard')} />
      <CardContent>
        <Typography component="h1" variant="h5">
          {translate('console.dashboard.welcome', { name: identity?.fullName ?? '' })}
        </Typography>
        {seesFigures && <ProgrammeFigures />}
      </CardContent>
    </Card>
  );
}
