/** Starting points shown under the home prompt. Short enough to read at a glance. */
export const EXAMPLE_PROMPTS: ReadonlyArray<{ label: string; prompt: string }> = [
  { label: 'Todo app', prompt: 'Build a todo app with React and Vite: add, complete and filter tasks, saved in localStorage.' },
  { label: 'Landing page', prompt: 'Create a landing page for a coffee roastery with a hero, a menu section and a contact form.' },
  { label: 'Pomodoro timer', prompt: 'Make a pomodoro timer with start, pause and reset, and a session counter.' },
  { label: 'Markdown notes', prompt: 'Build a markdown note-taking app with a live preview side by side.' },
  { label: 'Expense chart', prompt: 'Create an expense tracker that shows spending per category in a bar chart.' },
];
