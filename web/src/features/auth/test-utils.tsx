import { useLocation } from 'react-router';

/** Shows where the router ended up, so a test can assert a redirect. */
export function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} {location.pathname}
      {location.search}
    </p>
  );
}
