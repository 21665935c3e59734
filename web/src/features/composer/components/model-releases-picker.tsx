/**
 * Model releases for the people in the post (sent as modelReleaseIds). Shown only when the
 * server offers GET /releases/list; without it the section stays hidden.
 */
import { useModelReleasesQuery } from '../queries.ts';

export function ModelReleasesPicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const releases = useModelReleasesQuery(true);
  if (!releases.isSuccess) return null;

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-fg">Model releases</legend>
      {releases.data.length === 0 ? (
        <p className="text-sm text-muted">No model releases on file yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {releases.data.map((release) => (
            <li key={release.id}>
              <label className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
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
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
