import type { ButtonHTMLAttributes } from 'react';
import styles from './ui.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'ghost' | 'danger';
  size?: 'default' | 'small';
}

export function Button({ variant = 'default', size = 'default', className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, variant !== 'default' && styles[variant], size === 'small' && styles.small, className];
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...props} />;
}
