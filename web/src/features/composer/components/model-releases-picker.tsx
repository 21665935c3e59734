/**
 * Model releases for the people in the post (sent as modelReleaseIds). Only signed releases can
 * be picked (the server refuses the rest); pending ones are shown so the creator knows why.
 */
import { Link } from 'react-router';
import { useReleasesQuery } from '../../releases/queries.ts';

export function ModelReleasesPicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const releases = useReleasesQuery(true);

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-fg">Model releases</legend>
      {releases.isPending ? (
        <p className="text-sm text-muted">Loading model releases…</p>
      ) : releases.isError ? (
        <p className="text-sm text-muted">
          Could not load your model releases.{' '}
          <button
            type="button"
            className="underline hover:text-fg"
            onClick={() => void releases.refetch()}
          >
            Try again
          </button>
        </p>
      ) : releases.data.length === 0 ? (
        <p className="text-sm text-muted">
          No model releases on file yet. Anyone else in this post needs one.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {releases.data.map((release) => {
            const signed = release.status === 'signed';
            return (
              <li key={release.id}>
                <label
                  className={`flex items-center gap-2 text-sm ${signed ? 'text-fg' : 'text-muted'}`}
                >
                  <input
                    type="checkbox"
                    disabled={!signed}
                    checked={value.includes(release.id)}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...value, release.id]
                          : value.filter((id) => id !== release.id),
                      )
                    }
                    className="accent-[var(--fs-accent)]"
                  />
                  {release.modelName}
                  {signed ? null : <span className="text-xs">(waiting for signature)</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/releases" className="mt-2 inline-block text-sm text-accent-text underline">
        Manage model releases
      </Link>
    </fieldset>
  );
}
