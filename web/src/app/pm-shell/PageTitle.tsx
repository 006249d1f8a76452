import { Typography, theme, type GlobalToken } from 'antd';
import { createContext, useContext, type ComponentProps, type CSSProperties, type ReactNode } from 'react';

type HeadingLevel = 1 | 2 | 3 | 4 | 5;

/** What a title takes besides its level (that is the point of these components): copyable, aria-label, style. */
type TitleProps = Omit<ComponentProps<typeof Typography.Title>, 'level'>;

/** The level of the page title at this point of the tree: 1, unless a record's page holds this one as a section. */
const PageTitleLevel = createContext<HeadingLevel>(1);

const below = (level: HeadingLevel): HeadingLevel => (level < 5 ? ((level + 1) as HeadingLevel) : 5);

/**
 * The one title of a page of the manager shell: its h1, drawn at the size page titles have (antd's h3 size, not the
 * browser's 2em). Inside a record's page (a location's, a building's: see `RecordSections`) the section's own title
 * is one level down, so a page always has exactly one h1 and every heading under it goes down one level at a time.
 * Once it is not the page's h1 it looks like a section's title.
 */
export function PageTitle({ style, ...props }: TitleProps) {
  const level = useContext(PageTitleLevel);
  const { token } = theme.useToken();
  const look: CSSProperties = level === 1 ? { fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 } : sectionLook(token);
  return (
    <Typography.Title level={level} {...props} style={{ margin: 0, ...look, ...style }} />
  );
}

/** A section of the page (a card's title, a settings tab): one level below the page title, in the card head's look. */
export function SectionTitle({ style, ...props }: TitleProps) {
  const level = below(useContext(PageTitleLevel));
  const { token } = theme.useToken();
  return (
    <Typography.Title level={level} {...props} style={{ margin: 0, ...sectionLook(token), ...style }} />
  );
}

/**
 * Wraps the sections of a record's page (a location's, a building's): the record's name is the page's h1 and the
 * section below it (Tenants, Units, Rules…) an h2. Why not the section as the h1: a screen reader user who opens
 * /property-locations/{id}/tenants, or moves between its sections, first hears whose page it is ("Harbor View
 * Apartments, heading level 1"), then the section links, then "Tenants, heading level 2". With the section as the
 * h1, the property's name would be either a heading before the page's h1 or plain text that moving by headings skips.
 */
export function RecordSections({ children }: { children: ReactNode }) {
  const level = useContext(PageTitleLevel);
  return <PageTitleLevel.Provider value={below(level)}>{children}</PageTitleLevel.Provider>;
}

/** A card head's title (antd draws it in a div at the large body size, semibold): what section titles looked like before they were headings. */
const sectionLook = (token: GlobalToken): CSSProperties => ({ fontSize: token.fontSizeLG, lineHeight: token.lineHeightLG, fontWeight: token.fontWeightStrong });
