import { buttonClasses } from '#web/components/button';

/**
 * 'Continue with Google': sends the browser to the backend's identity-provider route. `onClick`
 * runs just before the browser leaves (to keep what the app needs when it comes back).
 */
export function GoogleButton({ onClick }: { onClick?: () => void }) {
  return (
    <a
      href="/api/auth/google"
      onClick={onClick}
      className={buttonClasses({ variant: 'secondary', fullWidth: true })}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4.5">
        <path
          fill="#4285F4"
          d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z"
        />
        <path
          fill="#34A853"
          d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z"
        />
        <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2z" />
        <path
          fill="#EA4335"
          d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6z"
        />
      </svg>
      Continue with Google
    </a>
  );
}
