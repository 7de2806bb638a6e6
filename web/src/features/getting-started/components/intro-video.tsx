import { useState } from 'react';
import { PlayCircleFilled } from '@ant-design/icons';
import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteSettingsStore } from '../../../lib/site-settings-store';

/**
 * The introduction video of /video, played by the browser's own player. Nothing is fetched from the video's host
 * (and no script is loaded at all) until the visitor presses play: until then the page shows a still frame of our
 * own with the host named. Without a published video (an admin sets its address) the page says so.
 */
export function IntroVideo() {
  const { t: g } = useTranslation('getting-started');
  const settings = useSiteSettingsStore((s) => s.settings);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!settings) return <Skeleton.Node active className="cr-intro-video__frame" />;
  const url = settings.introVideoUrl;
  if (!url) return <Alert type="info" showIcon title={g('video.none')} data-testid="intro-video-none" />;
  const host = new URL(url).host;
  if (failed)
    return (
      <Alert
        type="warning"
        showIcon
        title={g('video.failed')}
        description={
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
            {g('video.openFile', { host })}
          </Typography.Link>
        }
      />
    );
  return playing ? (
    <video
      className="cr-intro-video__frame"
      src={url}
      controls
      autoPlay
      playsInline
      preload="metadata"
      aria-label={g('video.label')}
      onError={() => setFailed(true)}
      data-testid="intro-video-player"
    />
  ) : (
    <button
      type="button"
      className="cr-intro-video__frame cr-intro-video__cover"
      onClick={() => setPlaying(true)}
      data-testid="intro-video-play"
    >
      <PlayCircleFilled className="cr-intro-video__icon" aria-hidden="true" />
      <span className="cr-intro-video__cta">{g('video.play')}</span>
      <span className="cr-intro-video__host">{g('video.from', { host })}</span>
    </button>
  );
}
