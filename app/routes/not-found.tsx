import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";

/** Any unknown path: the server answers 404 with the spec's page. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
