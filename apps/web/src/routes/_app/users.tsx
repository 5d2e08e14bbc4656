import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../../features/auth/AdminOnly';
import { UsersPage } from '../../features/users/UsersPage';

export const Route = createFileRoute('/_app/users')({
  component: () => (
    <AdminOnly>
      <UsersPage />
    </AdminOnly>
  ),
});
