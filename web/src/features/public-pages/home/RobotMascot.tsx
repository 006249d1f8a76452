/** The landing page's robot mascot with its speech bubble; the motion is CSS so it costs no script. */
export function RobotMascot({ speech }: { speech: string }) {
  return (
    <figure style={{ margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
      <div role="note" style={{ background: '#fff', border: '1px solid #d9d9d9', borderRadius: 16, padding: '8px 16px', maxWidth: 280 }}>
        {speech}
      </div>
      <svg width="120" height="140" viewBox="0 0 120 140" aria-hidden="true" className="robot-mascot">
        <style>{'@keyframes robot-bob{0%,100%{transform:translateY(0)}50%{transform:translateY(-6px)}}.robot-mascot{animation:robot-bob 2.4s ease-in-out infinite}@media (prefers-reduced-motion: reduce){.robot-mascot{animation:none}}'}</style>
        <line x1="60" y1="8" x2="60" y2="24" stroke="#8b1a1a" strokeWidth="4" />
        <circle cx="60" cy="8" r="6" fill="#8b1a1a" />
        <rect x="20" y="24" width="80" height="60" rx="16" fill="#f5f5f5" stroke="#8b1a1a" strokeWidth="4" />
        <circle cx="44" cy="54" r="8" fill="#8b1a1a" />
        <circle cx="76" cy="54" r="8" fill="#8b1a1a" />
        <path d="M44 70 Q60 80 76 70" stroke="#8b1a1a" strokeWidth="4" fill="none" />
        <rect x="32" y="90" width="56" height="40" rx="10" fill="#f5f5f5" stroke="#8b1a1a" strokeWidth="4" />
      </svg>
    </figure>
  );
}
