import { Alert, Card, Col, Empty, Flex, List, Row, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { homeOwnerDocumentPath } from '../../app/documents/document-paths.js';
import { useListVaultDocumentsQuery } from '../../app/generated/vault-api.js';
import { LinkButton } from '../../app/LinkButton.js';
import { useListPropertyLocationsQuery } from '../../app/generated/portfolio-api.js';
import { PageTitle, SectionTitle } from '../../app/pm-shell/PageTitle.js';
import { propertyTypeLabel } from '../../app/property-location.js';
import { homeOwnerPaths, homeOwnerTexts } from './home-owner-texts.js';

/** How many of the newest documents the overview lists; the document list has them all. */
export const RECENT_DOCUMENTS = 5;

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * /dashboard, the home-owner portal's Property Overview (spec 000 §2.1 and §2.3 item 15): the owner's properties
 * (their own property locations, the home they gave Terri among them) and their newest documents, with the ways on:
 * Add Property, all documents, the chat.
 */
export function HomeOwnerDashboardPage() {
  const properties = useListPropertyLocationsQuery();
  const documents = useListVaultDocumentsQuery({ sort: 'created_at', order: 'desc', limit: RECENT_DOCUMENTS });
  const owned = properties.data ?? [];

  return (
    <Flex vertical gap="large" style={{ padding: '24px 0' }}>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <PageTitle>{homeOwnerTexts.overview}</PageTitle>
        <Flex gap="small" wrap>
          <LinkButton to={homeOwnerPaths.chat}>{homeOwnerTexts.chat}</LinkButton>
          <LinkButton type="primary" to={homeOwnerPaths.addProperty}>
            {homeOwnerTexts.addProperty}
          </LinkButton>
        </Flex>
      </Flex>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card title={<SectionTitle>{homeOwnerTexts.properties}</SectionTitle>}>
            {properties.isLoading ? <Spin description="Loading…" /> : null}
            {properties.isError ? <Alert type="error" showIcon role="alert" title={homeOwnerTexts.propertiesFailed} /> : null}
            {properties.data && owned.length === 0 ? (
              <Empty description={homeOwnerTexts.noProperties}>
                <LinkButton type="primary" to={homeOwnerPaths.addProperty}>
                  {homeOwnerTexts.addFirst}
                </LinkButton>
              </Empty>
            ) : null}
            {owned.length > 0 ? (
              <List
                dataSource={owned}
                renderItem={(property) => (
                  <List.Item>
                    <List.Item.Meta
                      title={
                        <Flex gap="small" align="center" wrap>
                          <Typography.Text strong>{property.name}</Typography.Text>
                          {propertyTypeLabel(property.type) ? <Tag>{propertyTypeLabel(property.type)}</Tag> : null}
                        </Flex>
                      }
                      description={property.address_text}
                    />
                  </List.Item>
                )}
              />
            ) : null}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={<SectionTitle>{homeOwnerTexts.recentDocuments}</SectionTitle>} extra={<Link to={homeOwnerPaths.documents}>{homeOwnerTexts.allDocuments}</Link>}>
            {documents.isLoading ? <Spin description="Loading…" /> : null}
            {documents.isError ? <Alert type="error" showIcon role="alert" title={homeOwnerTexts.documentsFailed} /> : null}
            {documents.data ? (
              <List
                dataSource={documents.data.items}
                locale={{ emptyText: homeOwnerTexts.noDocuments }}
                renderItem={(document) => (
                  <List.Item extra={<Typography.Text type="secondary">{dateFormat.format(new Date(document.created_at))}</Typography.Text>}>
                    <Link to={homeOwnerDocumentPath(document.id)}>{document.original_name}</Link>
                  </List.Item>
                )}
              />
            ) : null}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
