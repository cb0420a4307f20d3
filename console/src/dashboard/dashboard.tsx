import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Card>
      <Title title={translate('console.menu.dashboard')} />
      <CardContent>
        <Typography component="h1" variant="h5">
          {translate('console.dashboard.welcome', { name: identity?.fullName ?? '' })}
        </Typography>
      </CardContent>
    </Card>
  );
}
