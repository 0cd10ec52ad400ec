export function UsersRolesPage() { return <div>TODO UsersRolesPage</div>; }
