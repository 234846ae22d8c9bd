import { useId } from 'react';
import type { ProfileCard as ProfileCardData } from '@contract/members';
import { FictionalBadge } from '@web/components/fictional-badge';
import { Icon } from '@web/components/icons';
import { ProfileCard } from '@web/components/profile-card';

const MEMBER: ProfileCardData = {
  id: 1,
  name: 'Sanne',
  age: 29,
  country: 'NL',
  region: 'NH',
  region_name: 'Noord-Holland',
  main_image: null,
  fictional: false,
  activity: 'recent',
};
const FICTIONAL: ProfileCardData = {
  ...MEMBER,
  id: 2,
  name: 'Lotte',
  age: 34,
  fictional: true,
  activity: null,
};

/** The components as the app uses them (docs/design.md "Components"), one of each kind. */
export function ComponentSamples() {
  const id = useId();
  return (
    <>
      <h3 className="member-section-title">Buttons</h3>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <button type="button" className="btn btn-primary">
          Primary action
        </button>
        <button type="button" className="btn btn-outline-secondary">
          Secondary
        </button>
        <button type="button" className="btn btn-secondary">
          Secondary, solid
        </button>
        <button type="button" className="btn btn-outline-primary">
          Accent outline
        </button>
        <button type="button" className="btn btn-link">
          Link
        </button>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <button type="button" className="btn btn-primary" disabled>
          Disabled
        </button>
        <button type="button" className="btn btn-outline-danger">
          Block
        </button>
        <button type="button" className="btn btn-danger">
          Delete
        </button>
        <button type="button" className="btn btn-outline-secondary btn-icon" aria-label="Like">
          <Icon name="heart" />
        </button>
        <button type="button" className="btn btn-primary btn-sm">
          Small
        </button>
      </div>

      <h3 className="member-section-title">Chips and badges</h3>
      <ul className="d-flex flex-wrap gap-2 list-unstyled mb-2">
        <li className="member-interest">Hiking</li>
        <li className="member-interest">Cooking</li>
        <li className="member-interest">Cinema</li>
      </ul>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-4">
        <span className="badge text-bg-pink">New</span>
        <span className="badge rounded-pill text-bg-unread-messages">3</span>
        <span className="badge text-bg-primary">Main photo</span>
        <span className="badge text-bg-secondary">12</span>
        <span className="badge text-bg-warning">Pending</span>
        <span className="badge text-bg-danger">Rejected</span>
        <span className="badge rounded-pill bg-body-secondary text-body border">7 likes</span>
      </div>

      <h3 className="member-section-title">Cards and the fictional label</h3>
      <div className="row row-cols-2 g-2 mb-3">
        {[MEMBER, FICTIONAL].map((profile) => (
          <div key={profile.id} className="col">
            <ProfileCard profile={profile} />
          </div>
        ))}
      </div>
      <div className="mb-4">
        <FictionalBadge withWarning />
      </div>

      <h3 className="member-section-title">Banners and alerts</h3>
      <div className="alert alert-warning mb-2">
        <strong>Confirm your e-mail address</strong> to be seen by others.
      </div>
      <div className="alert alert-info mb-2">
        Add a photo: members with a photo get more replies.
      </div>
      <div className="alert alert-success mb-2">Payment received: 100 credits added.</div>
      <div className="alert alert-danger mb-4">The payment failed. Nothing was charged.</div>

      <h3 className="member-section-title">Forms</h3>
      <form className="mb-4" onSubmit={(event) => event.preventDefault()}>
        <label className="form-label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input id={`${id}-name`} className="form-control mb-2" defaultValue="Sanne" />
        <select className="form-select mb-2" aria-label="Looking for" defaultValue="women">
          <option value="women">Women</option>
          <option value="men">Men</option>
        </select>
        <input className="form-control is-invalid" aria-label="E-mail" defaultValue="sanne@" />
        <div className="invalid-feedback mb-2">Enter a valid e-mail address.</div>
        <div className="form-check form-switch mb-2">
          <input className="form-check-input" type="checkbox" role="switch" defaultChecked />
          <span className="form-check-label">Notify me of new messages</span>
        </div>
        <button type="submit" className="btn btn-primary">
          Save
        </button>
      </form>

      <h3 className="member-section-title">Text</h3>
      <p className="mb-1">
        Body text with <a href="#top">a link</a> and{' '}
        <span className="text-body-secondary">muted words</span>.
      </p>
      <p className="text-danger mb-1">An error message.</p>
      <p className="text-success mb-0">Saved.</p>
    </>
  );
}
