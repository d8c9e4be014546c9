export interface RecentProject {
  slug: string;
  title: string;
  editedAt: string;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago" from an ISO date; a plain date after a week. */
export function formatEditedAt(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) {
    return '';
  }
  const seconds = Math.round((then - now) / 1000);
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) {
      return unit === 'second' ? 'just now' : relative.format(value, unit);
    }
    value = Math.round(value / size);
  }
  return new Date(then).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function RecentProjects({ projects }: { projects: readonly RecentProject[] }) {
  return (
    <section className="kiln-recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Your projects</h2>
      <ul>
        {projects.map((project) => (
          <li key={project.slug}>
            {/* A document load, so the project page starts with a fresh sandbox. */}
            <a href={`/~/${encodeURIComponent(project.slug)}`} className="kiln-recent-item" data-testid="recent-project">
              <span className="kiln-recent-title">{project.title}</span>
              <span className="kiln-recent-time" suppressHydrationWarning>
                {formatEditedAt(project.editedAt)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
