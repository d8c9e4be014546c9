import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './icons';
import styles from './ui.module.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  /** Accessible name, also shown as the native tooltip. */
  label: string;
  /** For toggles: rendered as aria-pressed. */
  pressed?: boolean;
  iconSize?: number;
}

export function IconButton({ icon, label, pressed, iconSize = 16, className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={[styles.iconButton, className].filter(Boolean).join(' ')}
      {...props}
    >
      <Icon name={icon} size={iconSize} />
    </button>
  );
}
