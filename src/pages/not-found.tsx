import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <main className="page" lang="en">
      <title>404 · Page not found</title>
      <div className="page-card">
        <h1>404</h1>
        <p>Oops! Page not found</p>
        <Link className="button button-primary" to="/">Return to Home</Link>
      </div>
    </main>
  );
}
