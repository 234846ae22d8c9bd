import './profile-card.scss';

/**
 * The room of one profile card while the list is loading: the same square photo, the three
 * text lines and the actions' row, so the cards take their places without pushing what
 * follows (issue 25 item 6: CLS). Hidden from assistive technology; the list's own heading
 * says what comes.
 */
export function ProfileCardPlaceholder() {
  return (
    <div
      className="card profile-card profile-card-placeholder h-100 border-0 shadow-sm"
      aria-hidden="true"
    >
      <div className="profile-card-photo" />
      {/* The card's own body, line for line (profile-card.tsx), with bars for the texts. */}
      <div className="card-body p-2 p-md-3">
        <div className="profile-card-name mb-0">
          <span className="placeholder-line w-75" />
        </div>
        <p className="small mb-0">
          <span className="placeholder-line w-50" />
        </p>
        <p className="profile-card-activity small mb-0" />
      </div>
      <div className="mt-auto px-2 px-md-3 pb-2 pb-md-3">
        <div className="placeholder-line profile-card-placeholder-actions w-100" />
      </div>
    </div>
  );
}
