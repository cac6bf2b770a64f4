import {
  Alert,
  Box,
  Card,
  Container,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuildingFactory2,
  IconChartBar,
  IconInfoCircle,
  IconKey,
  IconLock,
  IconPackage,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAppInfo } from '../../auth/queries';
import { BrandMark } from '../../components/BrandMark';
import { loadAuthSchemasWhenIdle } from './auth-validation';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

const FEATURES = [
  {
    title: 'Inventory Management',
    text: 'Track flour, ingredients, packaging and supplies, with low-stock alerts and supplier costs.',
    icon: IconPackage,
  },
  {
    title: 'Production Tracking',
    text: 'Scale recipes by flour weight and deduct ingredients from stock as every batch is made.',
    icon: IconBuildingFactory2,
  },
  {
    title: 'Sales & Analytics',
    text: 'Sell loaves to distributors, follow their balances and read the business at a glance.',
    icon: IconChartBar,
  },
];

const SECURITY = [
  {
    title: 'Admin Access',
    text: 'Full control of users, roles and every module.',
    icon: IconShieldCheck,
  },
  {
    title: 'Staff Roles',
    text: 'Production staff, sales team and managers see what they need.',
    icon: IconUsers,
  },
  { title: 'Module Security', text: 'Each module is opened or closed per role.', icon: IconLock },
  {
    title: 'Permission Levels',
    text: 'Read, write and delete rights are set independently.',
    icon: IconKey,
  },
];

/** The Register tab: the form, or a notice when an administrator has closed registration. */
function RegisterPanel({ onRegistered }: { onRegistered: (username: string) => void }) {
  if (useAppInfo().data?.registrationOpen === false) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconLock aria-hidden />}
        title="Registration is closed"
      >
        Ask an administrator to create an account for you.
      </Alert>
    );
  }
  return <RegisterForm onRegistered={onRegistered} />;
}

/** Its own component, so the answer about the first admin re-renders only this notice. */
function FirstAdminNotice() {
  if (useAppInfo().data?.needsFirstAdmin !== true) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden />} mb="md">
      No accounts exist yet. The first account you register becomes the administrator.
    </Alert>
  );
}

export function LandingPage() {
  const [tab, setTab] = useState<string | null>('login');
  const [registeredUsername, setRegisteredUsername] = useState('');
  // In long before anyone can have typed and submitted; a quicker submit waits for them.
  useEffect(loadAuthSchemasWhenIdle, []);

  return (
    <Box
      component="main"
      bg="linear-gradient(180deg, var(--mantine-color-orange-0) 0%, var(--mantine-color-gray-0) 420px)"
      mih="100dvh"
    >
      <Container size="lg" py={{ base: 'xl', sm: 48 }}>
        <Stack align="center" gap="xs" mb="xl">
          <BrandMark size="lg" />
          <Title order={1} ta="center" fz={{ base: 22, sm: 30 }} mt="md">
            Comprehensive Bakery Management System
          </Title>
          <Text c="dimmed" ta="center" maw={560}>
            Stock, production, sales and money for your bakery, in one place.
          </Text>
        </Stack>

        <Card withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto">
          <FirstAdminNotice />
          <Tabs value={tab} onChange={setTab} color="orange" keepMounted={false}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="login">Login</Tabs.Tab>
              <Tabs.Tab value="register">Register</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm key={registeredUsername} initialUsername={registeredUsername} />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterPanel
                onRegistered={(username) => {
                  setRegisteredUsername(username);
                  setTab('login');
                }}
              />
            </Tabs.Panel>
          </Tabs>
        </Card>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt={48}>
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder radius="lg" p="lg">
              <ThemeIcon size={44} radius="md" color="orange" variant="light" mb="md">
                <feature.icon size={24} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="lg" mb={6}>
                {feature.title}
              </Title>
              <Text c="dimmed" fz="sm">
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="lg">
          <Title order={2} fz="xl" mb="md" ta="center">
            Secure &amp; Role-Based Access
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            {SECURITY.map((item) => (
              <Stack key={item.title} gap={6} align="center" ta="center">
                <ThemeIcon size={40} radius="xl" color="teal" variant="light">
                  <item.icon size={22} aria-hidden />
                </ThemeIcon>
                <Text fw={600}>{item.title}</Text>
                <Text c="dimmed" fz="sm">
                  {item.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Card>
      </Container>
    </Box>
  );
}
