import { Datagrid, EmailField, List, TextField, TextInput, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';

// A labelled text box rather than react-admin's SearchInput, which has no label a screen reader could name.
const filters = [<TextInput key="q" source="q" alwaysOn label="console.customers.search" resettable />];

function Hint() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('console.customers.search_hint')}
    </Typography>
  );
}

/** Customers found by e-mail, phone, card number or name: the server searches, nothing lists them all. */
export function CustomerList() {
  return (
    <List filters={filters} pagination={false} perPage={50} empty={false} exporter={false} disableSyncWithLocation>
      <Datagrid rowClick="show" bulkActionButtons={false} empty={<Hint />}>
        <TextField source="first_name" sortable={false} />
        <TextField source="last_name" sortable={false} />
        <EmailField source="email" sortable={false} />
        <TextField source="phone" sortable={false} />
        <TextField source="matched_card_numbers" sortable={false} />
      </Datagrid>
    </List>
  );
}
