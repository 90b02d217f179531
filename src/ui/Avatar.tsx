import styles from './Avatar.module.css';

/** The user's picture, or the first letter of their nickname. */
export function Avatar({ src, name, size = 48 }: { src: string; name: string; size?: number }) {
  const style = { width: size, height: size, fontSize: size * 0.42 };
  if (src) return <img className={styles.avatar} style={style} src={src} alt="" data-testid="avatar" />;
  return (
    <span className={`${styles.avatar} ${styles.letter}`} style={style} data-testid="avatar">
      {[...name][0]?.toUpperCase() ?? '?'}
    </span>
  );
}
