// In-process domain events, published after commit (issue 31 item 2). Infrastructure: it
// never imports a feature.
export {
  type DomainEventListener,
  type DomainEventMap,
  type DomainEventName,
  type DomainEvents,
  domainEvents,
} from './domain-events';
