/**
 * User-facing texts of the platform: the error catalogue of docs/product-rules.md#api-error-text, the validation messages of
 * docs/product-rules.md#bad-input and the messages the `/api` answers with. Shared by the web app and the functions so a
 * text is spelled in exactly one place. Where the product rules (docs/product-rules.md) give a text, it is copied here
 * verbatim (including the screens that write Turkish without diacritics).
 */
export const messages = {
  general: {
    noServerResponse: "Sunucuya bağlanılamadı. Lütfen internet bağlantınızı kontrol edin.",
    error: "Bir hata oluştu",
    notFound: "İstenen adres bulunamadı.",
    invalidJson: "İstek gövdesi geçerli bir JSON değil.",
    invalidRequest: "Geçersiz istek.",
    unauthorized: "Oturum süreniz dolmuş. Lütfen tekrar giriş yapın.",
    forbidden: "Bu işlem için yetkiniz bulunmamaktadır.",
    csrfInvalid: "CSRF doğrulaması başarısız. Lütfen sayfayı yenileyip tekrar deneyin.",
    tooManyRequests: "Çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin.",
    newAccessTokenMissing: "Yeni access token alinamadi.",
    tokenUndecodable: "Token gecersiz veya decode edilemedi",
    appCheckMissing: "Uygulama doğrulaması eksik. Lütfen sayfayı yenileyip tekrar deneyin.",
    appCheckInvalid: "Uygulama doğrulaması geçersiz. Lütfen sayfayı yenileyip tekrar deneyin.",
    jsonRequired: "İstek gövdesi JSON (application/json) olarak gönderilmelidir.",
    multipartRequired: "Dosya multipart/form-data olarak gönderilmelidir.",
    bodyTooLarge: "İstek gövdesi çok büyük.",
    invalidPath: "İstek adresi geçersiz.",
    pageSizeInvalid: "Sayfa boyutu geçersiz.",
    listRequired: "Bu alan bir liste olmalıdır.",
    listItemInvalid: "Geçersiz liste öğesi.",
    booleanInvalid: "Geçersiz onay değeri.",
  },
  limits: {
    /** A limit of spec-less abuse protection: how long until the next try is allowed. */
    tooManyAttempts: (seconds: number) =>
      `Çok fazla deneme yapıldı. Lütfen ${waitText(seconds)} sonra tekrar deneyin.`,
    idempotencyKeyInvalid:
      "Idempotency-Key başlığı geçersiz: 8-128 karakterlik harf, rakam, - veya _ olmalıdır.",
    idempotencyKeyReused: "Bu Idempotency-Key başka bir istek için kullanılmış.",
    idempotencyInProgress: "Aynı istek hâlâ işleniyor. Lütfen biraz sonra tekrar deneyin.",
  },
  auth: {
    loginInvalid: "Lütfen e-posta ve şifrenizi kontrol ediniz",
    loginNoToken: "Giriş başarısız: Token alınamadı",
    loginNoBody: "Sunucudan yanıt alınamadı",
    loginError: "Giriş yapılırken bir hata oluştu",
    loginFailed: "Giriş basarisiz",
    loginSuccess: "Giriş başarılı.",
    accountDisabled: "Hesabınız devre dışı bırakılmış.",
    registerFailed: "Kayıt Başarısız",
    registerFailedRetry: "Kayıt işlemi başarısız. Lütfen tekrar deneyin.",
    codeSent: "Onay kodu e-posta adresinize gönderildi.",
    codeFailed: "Kod Doğrulama Başarısız",
    codeInvalid: "Onay kodu doğrulama başarısız. Tekrar deneyin.",
    codeExpired: "Onay kodunun süresi doldu. Lütfen yeni bir kod isteyin.",
    codeTooManyAttempts: "Çok fazla hatalı deneme yapıldı. Lütfen yeni bir kod isteyin.",
    codeResendWait: (seconds: number) =>
      `Yeni bir kod istemek için lütfen ${seconds} saniye bekleyin.`,
    codeVerified: "E-posta adresiniz doğrulandı.",
    registrationNotFound: "Bu e-posta adresi için başlatılmış bir kayıt bulunamadı.",
    registrationNotVerified: "Lütfen önce e-posta adresinize gönderilen kodu doğrulayın.",
    registrationAlreadyComplete: "Bu e-posta adresiyle kayıt zaten tamamlanmış.",
    careerFailed: "Kariyer Bilgileri Kaydedilemedi",
    consentsRequired: "Devam etmek için üç onay kutusunu da işaretlemelisiniz.",
    registrationComplete: "Kaydınız başarıyla tamamlandı.",
    emailInUse: "Bu e-posta adresi başka bir kullanıcı tarafından kullanılıyor.",
    logoutFailed: "Çıkış işlemi başarısız!",
    logoutSuccess: "Çıkış yapıldı.",
    refreshInvalid: "Refresh token geçersiz veya süresi dolmuş.",
    emailConfirmationFailed: "E-posta onay isteği gönderilemedi.",
    emailConfirmationSent: "Mailinizi kontrol edin. Onay bağlantısı gönderildi.",
    emailAlreadyVerified: "E-posta adresiniz zaten onaylanmış.",
    emailConfirmationMismatch:
      "Onay isteği yalnızca hesabınıza kayıtlı e-posta için gönderilebilir.",
    emailConfirmationLinkInvalid: "Geçersiz veya süresi dolmuş onay bağlantısı.",
    resetEmailUnknown: "E-posta adresi hatali veya sistemde kayitli degil.",
    resetError: "Bir hata olustu. Lutfen tekrar deneyiniz.",
    resetLinkInvalid: "Gecersiz sifre sifirlama linki. Lutfen tekrar deneyiniz.",
    passwordRule: "Sifre en az 8 karakter, bir buyuk harf ve bir rakam icermelidir.",
    /** Sign-up's password rule: only the length is checked. */
    passwordMinLength: "Şifre en az 8 karakter olmalıdır.",
    passwordRequired: "Şifre zorunludur.",
    passwordMaxLength: "Şifre en fazla 128 karakter olabilir.",
    resetMailSent: "Lutfen e-posta kutunuzu kontrol ediniz.",
    passwordUpdated: "Sifreniz basariyla guncellendi.",
    emailRequired: "E-posta adresi zorunludur.",
    emailInvalid: "Geçerli bir e-posta adresi girin.",
    emailNotAscii:
      "E-posta adresi yalnızca İngilizce harfler, rakamlar ve işaretler içerebilir (ç, ğ, ı, İ, ö, ş, ü kullanılamaz).",
    registrationLocked:
      "Bu e-posta adresinin kaydı doğrulandı. Kayıt yalnızca onay kodunun girildiği sayfadan tamamlanabilir.",
    registrationTokenInvalid:
      "Kayıt oturumu geçersiz veya süresi dolmuş. Lütfen kaydı onay kodunu girdiğiniz sayfadan tamamlayın.",
    recentLoginRequired:
      "Güvenliğiniz için e-posta adresinizi değiştirmeden önce lütfen tekrar giriş yapın.",
  },
  users: {
    pageOutOfRange: (lastPage: number) => `Sayfa numarası geçersiz: son sayfa ${lastPage}.`,
    pageInvalid: "Sayfa numarası geçersiz.",
    searchTooLong: "Arama metni en fazla 100 karakter olabilir.",
    nameMissing: "İsim ve soyisim zorunludur.",
    updateFailed: "Profil güncellenirken bir hata oluştu",
    updateSuccess: "Degisiklikler basariyla kaydedildi",
    fetchFailed: "Kullanıcı bilgisi alınamadı.",
    listFailed: "Kullanıcı verileri alınamadı.",
    notFound: "Kullanıcı bulunamadı.",
    invalidId: "Geçersiz kullanıcı ID'si!",
    emptyRecord: "Kullanıcı verisi bulunamadı",
    positionLocked: "Pozisyonunuzu değiştirmek için önce projeden ayrılmalısınız.",
    birthDateFuture: "Doğum tarihi gelecekte olamaz.",
    birthDateTooOld: "Doğum tarihi son 100 yıl içinde olmalıdır.",
    birthDateInvalid: "Doğum tarihi gg/aa/yyyy biçiminde olmalıdır.",
    telephoneDigits: "Telefon numarası yalnızca rakamlardan oluşmalıdır.",
    nothingToSave: "Kaydedilecek veri bulunamadı",
    invalidType: "Üye tipi JUNIOR veya SENIOR olmalıdır.",
    languageLevel: "Dil seviyesi Başlangıç, Orta veya İleri olmalıdır.",
    socialInvalid:
      "Sosyal medya bağlantısı linkedin, instagram, github, behance veya website olmalıdır.",
    websiteInvalid:
      "Kişisel web sitesi http:// veya https:// ile başlayan geçerli bir adres olmalıdır.",
    nameRequired: "İsim ve soyisim en az 2 karakter olmalıdır.",
    genderInvalid: "Cinsiyet MALE, FEMALE veya OTHER olmalıdır.",
    positionUnknown: "Geçersiz pozisyon.",
    ibanInvalid: "IBAN TR ile başlayan 26 karakter olmalıdır.",
    nameTooLong: "İsim ve soyisim en fazla 80 karakter olabilir.",
    addressTooLong: "Adres en fazla 200 karakter olabilir.",
    emailTooLong: "E-posta adresi en fazla 254 karakter olabilir.",
    aboutTooLong: "Hakkımda yazısı en fazla 2000 karakter olabilir.",
    skillsTooMany: "En fazla 50 yetenek eklenebilir.",
    skillNameInvalid: "Yetenek adı en fazla 80 karakter olabilir ve __ ile başlayıp bitemez.",
    languagesTooMany: "En fazla 20 dil eklenebilir.",
    languageNameTooLong: "Dil adı en fazla 60 karakter olabilir.",
    eduCertTooMany: "En fazla 20 eğitim veya sertifika eklenebilir.",
    eduCertTooLong: "Eğitim veya sertifika bilgisi en fazla 200 karakter olabilir.",
    socialTooMany: "En fazla 10 sosyal medya bağlantısı gönderilebilir.",
    socialTooLong: "Sosyal medya bağlantısı en fazla 300 karakter olabilir.",
    sectionInvalid: "Profil bölümü bir nesne olmalıdır.",
    unknownSection: (names: string) => `Bilinmeyen alan: ${names}`,
    countryUnknown: "Seçilen ülke bulunamadı. Lütfen listeden bir ülke seçin.",
    cityNotInCountry: "Seçilen şehir bu ülkeye ait değil. Lütfen listeden bir şehir seçin.",
  },
  iban: {
    required: "Lütfen IBAN numaranızı girin.",
    format: "IBAN, TR ile başlamalı ve ardından 24 rakam içermelidir.",
    checksum: "IBAN numarası geçersiz: kontrol basamakları tutmuyor. Lütfen numarayı kontrol edin.",
    saved: "IBAN bilginiz kaydedildi.",
  },
  statements: {
    fetchFailed: "Kazanç bilgileri alınamadı.",
  },
  account: {
    deletePasswordRequired: "Hesabınızı silmek için şifrenizi girin.",
    deletePasswordWrong: "Şifre hatalı. Hesabınız silinmedi.",
    deleted:
      "Hesabınız ve kişisel verileriniz silindi. Ödeme kayıtları yasal saklama süresi boyunca adınız olmadan tutulur.",
    exportFailed: "Verileriniz hazırlanamadı. Lütfen tekrar deneyin.",
  },
  images: {
    tooLarge: "Dosya boyutu 5MB'dan küçük olmalıdır!",
    badType: "Sadece JPEG, PNG ve JPG formatları desteklenmektedir!",
    userIdMissing: "Kullanıcı ID'si bulunamadı! Lütfen tekrar giriş yapın.",
    uploadFailed: "Fotoğraf yüklenemedi!",
    uploadFailedGeneric: "Resim yüklenemedi",
    uploadSuccess: "Fotoğraf başarıyla yüklendi.",
    deleteError: "Resim silinirken bir hata oluştu",
    deleteFailed: "Resim silinemedi",
    deleteNotFound: "Silinecek profil fotoğrafı bulunamadı!",
    deleteSuccess: "Profil fotoğrafı başarıyla silindi",
    deleteAlreadyGone: "Profil fotoğrafı başarıyla kaldırıldı",
    fetchFailed: "Görsel bilgileri alınamadı.",
    noResponse: "Sunucudan yanıt alınamadı",
    fileMissing: "Lütfen bir dosya seçin.",
    objectMissing: "Yüklenen dosya depolamada bulunamadı.",
    pathNotAllowed: "Bu dosya yolu bu görsel için kullanılamaz.",
    notAllowed: "Bu görseli değiştirme yetkiniz bulunmamaktadır.",
    invalidOwnerId: "Geçersiz görsel sahibi ID'si.",
    invalidImageId: "Geçersiz görsel ID'si.",
    relatedTypeInvalid: "relatedType User veya Project olmalıdır.",
    imageTypeInvalid: "imageType Profile veya Logo olmalıdır.",
    imageTypeMismatch: (relatedType: string, expected: string) =>
      `${relatedType} için görsel tipi ${expected} olmalıdır.`,
  },
  projects: {
    listFailed: "Proje listesi yüklenirken bir hata oluştu",
    detailFailed: "Proje detayları yüklenirken bir hata oluştu",
    positionsFailed: "Pozisyonlar ve takım üyeleri yüklenirken bir hata oluştu",
    notFound: "Proje bulunamadı.",
    infoFailed: "Proje bilgileri alinamadi.",
    imageFailed: "Gorsel yuklenemedi.",
    projectPositionsFailed: "Proje pozisyonlari alinamadi.",
    updateFailed: "Proje guncellenemedi.",
    updateSuccess: "Proje başarıyla güncellendi.",
    positionsAddFailed: "Pozisyonlar eklenemedi.",
    positionsAdded: "Pozisyonlar başarıyla eklendi.",
    positionDeleteFailed: "Pozisyon silinemedi.",
    positionDeleted: "Pozisyon başarıyla silindi.",
    positionsFetchFailed: "Pozisyonlar alinamadi.",
    positionNotFound: "Pozisyon bulunamadı.",
    positionFilled: "Dolu bir pozisyon silinemez. Üyenin önce projeden ayrılması gerekir.",
    positionNameUnknown: "Geçersiz pozisyon adı.",
    managerOnly: "Bu işlemi yalnızca projenin Junior Project Manager'ı yapabilir.",
    nothingToSave: "Kaydedilecek veri bulunamadı",
    percentageRange: "Tamamlanma yüzdesi 0 ile 100 arasında olmalıdır.",
    applyFailed: "Başvuru başarısız.",
    applyError: "Başvuru sırasında bir hata oluştu.",
    applySuccess: "Başvurunuz başarıyla tamamlandı.",
    alreadyInProject: "Katılmış olduğunuz proje bulunmaktadır.",
    positionMismatch: "Seçtiğiniz pozisyon, mevcut pozisyonunuzla uyuşmuyor.",
    typeMismatch: "Bu pozisyon üye tipinize uygun değil.",
    juniorPmOnly:
      "Cumartesi 12:00'ye kadar bu projeye yalnızca Junior Project Manager başvurabilir.",
    alreadyApplied: "Bu pozisyona zaten başvurdunuz.",
    windowClosed: "Bu pozisyonun başvuru süresi sona erdi.",
    windowNotOpen: "Bu pozisyon şu anda başvuruya açık değil.",
    positionNotOpen: "Bu pozisyon başvuruya açık değil.",
    projectNotLive: "Bu proje henüz yayında değil.",
    profileIncomplete: "Başvuru yapmadan önce kaydınızı tamamlamalısınız.",
    leaveSuccess: "Projeden başarıyla ayrıldınız",
    leaveFailed: "Projeden ayrılırken bir hata oluştu",
    notMember: "Bu projenin aktif bir üyesi değilsiniz.",
    invalidId: "Geçersiz proje ID'si.",
    invalidPositionId: "Geçersiz pozisyon ID'si.",
    titleNotText: "Proje başlığı metin olmalıdır.",
    titleTooShort: "Proje başlığı en az 2 karakter olmalıdır.",
    titleTooLong: "Proje başlığı en fazla 120 karakter olabilir.",
    definitionNotText: "Proje tanımı metin olmalıdır.",
    definitionTooLong: "Proje tanımı en fazla 5000 karakter olabilir.",
    positionNameRequired: "Lütfen bir pozisyon seçin",
    expectationsNotList: "Beklentiler bir liste olmalıdır.",
    positionTypeInvalid: "Pozisyon tipi Jr veya Sr olmalıdır.",
    positionsNotList: "Pozisyonlar bir liste olmalıdır.",
    positionsTooMany: "Tek seferde en fazla 20 pozisyon eklenebilir.",
  },
  votes: {
    voteIdRequired: "Vote ID gerekli",
    notFound: "Oylama bulunamadı.",
    allCategories: "Lütfen tüm değerlendirme kategorilerini doldurun.",
    skillRange: "Yetenek puanları 0 ile 5 arasında olmalıdır.",
    discardReasonRequired: "Lütfen çıkarılma talebinizin sebebini yazın.",
    alreadyCompleted: "Bu oylamayı zaten tamamladınız.",
    notOpen: "Bu oylama şu anda açık değil.",
    closed: "Bu oylamanın süresi sona erdi.",
    submitSuccess: "Degerlendirme basariyla gonderildi",
    submitFailed: "Değerlendirme gönderilirken bir hata oluştu",
    discardSuccess: "Sonlandırma isteğiniz başarıyla gerçekleşti",
    discardAlready: "Bu hafta için sonlandırma isteğiniz zaten alınmış.",
    discardNotAllowed:
      "Mentörle çalışmayı yalnızca aynı projedeki bir Junior sonlandırma isteğinde bulunabilir.",
    discardTargetNotSenior: "Sonlandırma isteği yalnızca bir Senior için yapılabilir.",
    skillVotesTooMany: "En fazla 50 yetenek puanlanabilir.",
    feedbackNotText: "Geri bildirim metin olmalıdır.",
    feedbackTooLong: "Geri bildirim en fazla 2000 karakter olabilir.",
    discardWantedInvalid: "discardWanted true veya false olmalıdır.",
    discardReasonNotText: "Çıkarılma sebebi metin olmalıdır.",
    discardReasonTooLong: "Çıkarılma sebebi en fazla 1000 karakter olabilir.",
    reasonNotText: "Sebep metin olmalıdır.",
    reasonTooLong: "Sebep en fazla 1000 karakter olabilir.",
  },
  notifications: {
    notFound: "Bildirim bulunamadı.",
    markedRead: "Bildirim okundu olarak işaretlendi.",
    deleted: "Bildirim silindi.",
    invalidId: "Geçersiz bildirim ID'si.",
    limitTooLarge: "Sayfa boyutu en fazla 200 olabilir.",
  },
  lookups: {
    invalidIsoCode: "Geçersiz ülke kodu.",
    countryNotFound: "Ülke bulunamadı.",
  },
} as const;

/** Notification titles of docs/product-rules.md#notification-types, by type. `{target}` and `{user}` are filled from content. */
export const notificationTitles = {
  PROJECT_USER_DISCARDED: "Proje Ekibinden Çıkarıldınız!",
  PROJECT_USER_VOTECOMPLETED: "Oylama Tamamlandı!",
  PROJECT_USER_GOTFEEDBACK: "Yeni Bir Yorum Aldınız!",
  PROJECT_USER_VOTETIME: "Ekip Arkadaşınız {target} için Oylama Zamanı!",
  PROJECT_REJECTED: "Proje Alım Sonuçları Açıklandı!",
  PROJECT_ACCEPTED: "Proje Alım Sonuçları Açıklandı!",
  PROJECT_UPDATED: "Proje Aşaması Güncellendi!",
  PROJECT_HIRING: "Kaynak Alımı Yapılacak!",
  PROJECT_USER_LEFT: "Proje Ekibinden {user} Ayrıldı!",
  PROJECT_TO_LIVE: "Platforma Yeni Proje Eklendi!",
  PROFIT_SHARE_HELD: "Kazancınız IBAN Bilginizi Bekliyor!",
  PROFIT_SHARE_RELEASED: "Kazancınız Ödemeye Alındı!",
} as const;

/** The title of a notification with its placeholders filled in. */
export function notificationTitle(
  type: keyof typeof notificationTitles,
  content: { targetUser?: string; userName?: string },
): string {
  return notificationTitles[type]
    .replace("{target}", content.targetUser ?? "")
    .replace("{user}", content.userName ?? "");
}

/** "45 saniye", "15 dakika", "2 saat": the largest unit that is whole enough to read. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} saniye`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} dakika` : `${Math.ceil(seconds / 3600)} saat`;
}

/**
 * The texts of the mails the platform sends (subjects and paragraphs). A separate export from
 * `messages` so that the web bundle, which never sends mail, leaves them out.
 */
export const mailTexts = {
  hello: "Merhaba,",
  helloName: (name: string) => `Merhaba ${name},`,
  notYou: "Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.",
  verificationCode: {
    subject: "E-posta onay kodunuz",
    code: (code: string) => `Kaydınızı tamamlamak için e-posta onay kodunuz: ${code}`,
    validity: "Kod 10 dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.",
  },
  emailConfirmation: {
    subject: "E-posta adresinizi onaylayın",
    action: "E-posta adresinizi onaylamak için aşağıdaki bağlantıya tıklayın.",
    button: "E-postamı Onayla",
  },
  passwordReset: {
    subject: "Şifre yenileme",
    action: "Şifrenizi yenilemek için aşağıdaki bağlantıya tıklayın ve yeni şifrenizi belirleyin.",
    notYou: "Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmeyecek.",
    button: "Yeni Şifre Belirle",
  },
  emailChanged: {
    subject: "E-posta adresiniz değiştirildi",
    changed: (newEmail: string) =>
      `Hesabınızın e-posta adresi ${newEmail} olarak değiştirildi. Bu bildirim önceki adresinize gönderilmiştir.`,
    notYou: "Bu değişikliği siz yapmadıysanız lütfen hemen bizimle iletişime geçin.",
  },
  removalReview: {
    subject: (targetName: string, projectTitle: string) =>
      `Çıkarma incelemesi: ${targetName} (${projectTitle})`,
    opened: (projectTitle: string, targetName: string, weekId: string) =>
      `"${projectTitle}" projesinde ${targetName} için çıkarma incelemesi açıldı (hafta ${weekId}).`,
    votes: (otherMemberCount: number, requestCount: number, targetName: string) =>
      `Oylar: diğer ${otherMemberCount} ekip üyesinden ${requestCount} kişi ${targetName} adlı üyenin ekipten çıkarılmasını istedi.`,
    reasons: (reasons: string[]) => `Gerekçeler:\n${reasons.map((x) => `- ${x}`).join("\n")}`,
    noReasons: "Gerekçe yazılmadı.",
    howToDecide: (id: string) =>
      `Kararınızı Firebase konsolunda removalReviews/${id} belgesine yazın: decision alanına (string) "REMOVE" (üye ekipten çıkarılır) ya da "KEEP" (üye ekipte kalır), decidedBy alanına (string) e-posta adresinizi. Karar birkaç dakika içinde uygulanır.`,
  },
  consoleProblem: {
    subject: (path: string) => `Konsol girdisi kullanılamadı: ${path}`,
    unusable: (path: string) => `Firebase konsolunda yazılan bir belge kullanılamadı: ${path}`,
    howToFix:
      "Belgeyi docs/operations.md'de anlatıldığı gibi düzeltin; iş bir sonraki çalışmasında belgeyi yeniden dener ve sorun giderildiğinde problem alanını siler.",
  },
  profitRate: {
    subject: "Kâr paylaşımı oranı güncellendi",
    dearMember: "değerli üyemiz",
    payout:
      "Kalan tutar her ayın 15'inde, bir önceki ay için, çalışılan gün sayısına göre 18 yaşını doldurmuş Junior üyeler arasında paylaştırılır ve bildirdiğiniz IBAN'a ödenir.",
  },
  profitShare: {
    heldSubject: (month: string) => `${month} kâr payınız IBAN bilginizi bekliyor`,
    held: (month: string, amount: string) =>
      `${month} kâr payınız ${amount} olarak hesaplandı, ancak hesabınızda IBAN bilgisi bulunmadığı için ödemeye alınamadı.`,
    heldKept:
      "Payınız sizin için saklanıyor: Hesabım sayfasındaki Ödeme Bilgileri bölümüne IBAN numaranızı girdiğinizde, ertesi hesaplamada ödemeye alınır.",
    releasedSubject: (month: string) => `${month} kâr payınız ödemeye alındı`,
    released: (month: string, amount: string) =>
      `IBAN bilginiz kaydedildi. ${month} kâr payınız (${amount}) ödemeye alındı.`,
    releasedWhere: "Ayrıntıları Hesabım sayfasındaki Kazançlarım bölümünde görebilirsiniz.",
  },
} as const;
