/** Every path of the app in one place. */
export const paths = {
  login: '/login',
  changePassword: '/change-password',
  dashboard: '/',
  profile: '/user',
  users: {
    list: '/administration/users',
    create: '/administration/users/create',
    view: (id: number | string) => `/administration/users/view/${id}`,
    edit: (id: number | string) => `/administration/users/edit/${id}`,
  },
  roles: {
    list: '/administration/roles',
    view: (id: number | string) => `/administration/roles/view/${id}`,
    edit: (id: number | string) => `/administration/roles/edit/${id}`,
  },
} as const;
